import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { LocalMake } from '@store/domain';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { pincodes, serviceAreas } from './pincodes.table.js';

export type ServiceAreaRow = typeof serviceAreas.$inferSelect;

export function listServiceAreas(db: Db): Promise<ServiceAreaRow[]> {
  return db.select().from(serviceAreas).orderBy(asc(serviceAreas.pincodePrefix));
}

export async function findServiceArea(db: Db | Tx, id: number, lock = false): Promise<ServiceAreaRow | undefined> {
  const query = db.select().from(serviceAreas).where(eq(serviceAreas.id, id));
  const [area] = lock ? await query.for('update') : await query;
  return area;
}

/** Saves an area's own settings if it is still at `version` (ADR 065); undefined when it is not. */
export async function saveServiceArea(
  db: Db | Tx,
  id: number,
  version: number,
  settings: { leadDays: number; makes: LocalMake[] },
): Promise<ServiceAreaRow | undefined> {
  const [row] = await db
    .update(serviceAreas)
    .set({ ...settings, version: sql`${serviceAreas.version} + 1` })
    .where(and(eq(serviceAreas.id, id), eq(serviceAreas.version, version)))
    .returning();
  return row;
}

export interface PincodeRecord {
  pincode: string;
  district: string;
  state: string;
  postOffices: string[];
  deliveryAvailable: boolean;
  sameDayDelivery: boolean;
  /** The most specific service area covering the PIN code (null: none, so no delivery). */
  area: { id: number; name: string; leadDays: number; makes: LocalMake[] } | null;
}

/**
 * The most specific service area covering a PIN code, the one whose prefix is longest, as a
 * subquery: the one place that rule is written, for the PIN code's lookup and for reads keyed by it.
 */
export function coveringArea(pincode: SQL): SQL {
  return sql`
    SELECT s.id, s.name, s.delivery_available, s.lead_days, s.makes FROM service_areas s
    WHERE left(${pincode}, length(s.pincode_prefix)) = s.pincode_prefix
    ORDER BY length(s.pincode_prefix) DESC LIMIT 1`;
}

/** The PIN code with its post offices and the most specific service area covering it. */
export async function findPincode(db: Db, pincode: string): Promise<PincodeRecord | undefined> {
  const [row] = await queryRows<{
    pincode: string;
    district: string;
    state: string;
    post_offices: string[] | null;
    area_id: number | null;
    area_name: string | null;
    delivery_available: boolean | null;
    lead_days: number | null;
    makes: LocalMake[] | null;
  }>(
    db,
    sql`
    SELECT p.pincode, p.district, p.state,
      (SELECT array_agg(o.name ORDER BY o.name) FROM post_offices o WHERE o.pincode = p.pincode) AS post_offices,
      a.id AS area_id, a.name AS area_name, a.delivery_available, a.lead_days, a.makes
    FROM pincodes p
    LEFT JOIN LATERAL (${coveringArea(sql`p.pincode`)}) a ON true
    WHERE p.pincode = ${pincode}`,
  );
  if (!row) return undefined;
  const deliveryAvailable = row.delivery_available === true;
  return {
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    postOffices: row.post_offices ?? [],
    deliveryAvailable,
    sameDayDelivery: deliveryAvailable && row.lead_days === 0,
    area:
      row.area_id === null
        ? null
        : { id: row.area_id, name: row.area_name ?? '', leadDays: row.lead_days ?? 0, makes: row.makes ?? [] },
  };
}

export interface PincodeRow {
  pincode: string;
  district: string;
  state: string;
}

export interface PostOfficeRow {
  pincode: string;
  name: string;
}

/** How many PIN codes are stored; 0 until the postal directory is loaded. */
export async function countPincodes(db: Db | Tx): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pincodes)
    .limit(1);
  return existing?.n ?? 0;
}

const CHUNK = 5_000;

async function insertChunks(db: Db | Tx, rows: readonly object[], insert: (json: string) => ReturnType<typeof sql>) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.execute(insert(JSON.stringify(rows.slice(i, i + CHUNK))));
  }
}

export async function insertPincodeRows(db: Db | Tx, rows: readonly PincodeRow[]): Promise<void> {
  await insertChunks(
    db,
    rows,
    (json) =>
      sql`insert into pincodes (pincode, district, state)
        select pincode, district, state from json_to_recordset(${json}::json)
        as x(pincode text, district text, state text)`,
  );
}

export async function insertPostOfficeRows(db: Db | Tx, rows: readonly PostOfficeRow[]): Promise<void> {
  await insertChunks(
    db,
    rows,
    (json) =>
      sql`insert into post_offices (pincode, name)
        select pincode, name from json_to_recordset(${json}::json) as x(pincode text, name text)`,
  );
}
