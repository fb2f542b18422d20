import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import type { AreaSlotType, LocalMake, SlotType } from '@store/domain';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { coveringArea } from '../pincodes/pincodes.service.js';
import { areaSlotTypes, slotPlaces } from './delivery.table.js';

type Reader = Db | Tx;

export interface PlaceKey {
  areaId: number;
  date: string;
  slotId: string;
}

export interface PlaceRow {
  areaId: number;
  date: string;
  slotId: string;
  taken: number;
  capacity: number | null;
}

/** The slot types the area offers now. */
export async function slotTypesOf(db: Reader, areaId: number): Promise<AreaSlotType[]> {
  return db
    .select({ type: areaSlotTypes.type, fee: areaSlotTypes.fee, capacity: areaSlotTypes.capacity })
    .from(areaSlotTypes)
    .where(and(eq(areaSlotTypes.areaId, areaId), eq(areaSlotTypes.offered, true)));
}

/** The slot types an area offers, as a JSON list of `AreaSlotType`, for statements that read an area. */
export function offeredSlotTypes(areaId: SQL): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('type', t.type, 'fee', t.fee, 'capacity', t.capacity)), '[]')
    FROM ${areaSlotTypes} t WHERE t.area_id = ${areaId} AND t.offered)`;
}

/** What `slotsOfPincode` read: the area covering the PIN code, its slot types and its places on one date. */
export interface AreaSlots {
  areaId: number;
  deliveryAvailable: boolean;
  leadDays: number;
  makes: LocalMake[];
  slotTypes: AreaSlotType[];
  places: PlaceRow[];
}

/**
 * The slot types and one date's places of the area covering a PIN code, in one statement keyed by
 * the PIN code alone, so an order can send it beside its other checks rather than after the
 * lookup that names the area; undefined when no area covers the PIN code.
 */
export async function slotsOfPincode(db: Db, pincode: string, date: string): Promise<AreaSlots | undefined> {
  const [row] = await queryRows<{
    area_id: number;
    delivery_available: boolean;
    lead_days: number;
    makes: LocalMake[];
    slot_types: AreaSlotType[];
    places: PlaceRow[];
  }>(
    db,
    sql`
    SELECT a.id AS area_id, a.delivery_available, a.lead_days, a.makes, ${offeredSlotTypes(sql`a.id`)} AS slot_types,
      (SELECT coalesce(json_agg(json_build_object('areaId', p.area_id, 'date', p.date, 'slotId', p.slot_id,
          'taken', p.taken, 'capacity', p.capacity)), '[]')
        FROM ${slotPlaces} p WHERE p.area_id = a.id AND p.date = ${date}) AS places
    FROM (${coveringArea(sql`${pincode}::text`)}) a`,
  );
  return (
    row && {
      areaId: row.area_id,
      deliveryAvailable: row.delivery_available,
      leadDays: row.lead_days,
      makes: row.makes,
      slotTypes: row.slot_types,
      places: row.places,
    }
  );
}

export type SlotTypeRow = typeof areaSlotTypes.$inferSelect;

/** An area's row for one slot type, offered or withdrawn, locked until the transaction ends; undefined when it never had one. */
export async function lockSlotType(tx: Tx, areaId: number, type: SlotType): Promise<SlotTypeRow | undefined> {
  const [row] = await tx
    .select()
    .from(areaSlotTypes)
    .where(and(eq(areaSlotTypes.areaId, areaId), eq(areaSlotTypes.type, type)))
    .for('update');
  return row;
}

export async function placesBetween(db: Reader, areaId: number, from: string, to: string): Promise<PlaceRow[]> {
  return db
    .select()
    .from(slotPlaces)
    .where(and(eq(slotPlaces.areaId, areaId), between(slotPlaces.date, from, to)));
}

export async function placesOn(db: Reader, date: string): Promise<PlaceRow[]> {
  return db.select().from(slotPlaces).where(eq(slotPlaces.date, date));
}

/**
 * The two statements that take one place if the slot has one left, in the caller's transaction,
 * in this order: the row is made on the first booking; the conditional update then queues concurrent bookings on its row lock, and each
 * sees the count the one before it left, so no slot is ever oversold. The capacity is the date's
 * own if an admin set one, else the area's for the slot's type, read in the same statement.
 */
export function takePlace(tx: Tx, key: PlaceKey, type: SlotType) {
  return [
    tx
      .insert(slotPlaces)
      .values({ ...key, taken: 0 })
      .onConflictDoNothing(),
    tx
      .update(slotPlaces)
      .set({ taken: sql`${slotPlaces.taken} + 1` })
      .where(
        and(
          eq(slotPlaces.areaId, key.areaId),
          eq(slotPlaces.date, key.date),
          eq(slotPlaces.slotId, key.slotId),
          sql`${slotPlaces.taken} < coalesce(${slotPlaces.capacity}, (
          SELECT ${areaSlotTypes.capacity} FROM ${areaSlotTypes}
          WHERE ${areaSlotTypes.areaId} = ${key.areaId} AND ${areaSlotTypes.type} = ${type}
            AND ${areaSlotTypes.offered}), 0)`,
        ),
      )
      .returning({ taken: slotPlaces.taken }),
  ] as const;
}

export async function givePlaceBack(tx: Tx, key: PlaceKey): Promise<void> {
  await tx
    .update(slotPlaces)
    .set({ taken: sql`${slotPlaces.taken} - 1` })
    .where(
      and(
        eq(slotPlaces.areaId, key.areaId),
        eq(slotPlaces.date, key.date),
        eq(slotPlaces.slotId, key.slotId),
        sql`${slotPlaces.taken} > 0`,
      ),
    );
}

/** The place row of one slot on one date, made if missing, locked until the transaction ends. */
export async function lockPlace(tx: Tx, key: PlaceKey): Promise<PlaceRow> {
  await tx
    .insert(slotPlaces)
    .values({ ...key, taken: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(slotPlaces)
    .where(and(eq(slotPlaces.areaId, key.areaId), eq(slotPlaces.date, key.date), eq(slotPlaces.slotId, key.slotId)))
    .for('update');
  return row!;
}

export async function setPlaceCapacity(tx: Tx, key: PlaceKey, capacity: number): Promise<PlaceRow> {
  const [row] = await tx
    .update(slotPlaces)
    .set({ capacity })
    .where(and(eq(slotPlaces.areaId, key.areaId), eq(slotPlaces.date, key.date), eq(slotPlaces.slotId, key.slotId)))
    .returning();
  return row!;
}

/** Every area's slot types, withdrawn ones included (`offered` false). */
export async function allSlotTypes(db: Reader): Promise<SlotTypeRow[]> {
  return db.select().from(areaSlotTypes);
}

export interface SlotTypeSettings {
  offered: boolean;
  fee: number;
  capacity: number;
}

/**
 * Saves an area's slot type if it is still at `version`, moving it to the next, in one statement;
 * version 0 is a type the area never had, which only an insert finds. Undefined when the version
 * has moved on: of two saves of one version, the second waits on the first's lock (or its insert)
 * and then finds nothing to save.
 */
export async function saveSlotType(
  db: Reader,
  areaId: number,
  type: SlotType,
  version: number,
  settings: SlotTypeSettings,
): Promise<SlotTypeRow | undefined> {
  const [row] =
    version === 0
      ? await db
          .insert(areaSlotTypes)
          .values({ areaId, type, ...settings, version: 1 })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(areaSlotTypes)
          .set({ ...settings, version: sql`${areaSlotTypes.version} + 1` })
          .where(
            and(eq(areaSlotTypes.areaId, areaId), eq(areaSlotTypes.type, type), eq(areaSlotTypes.version, version)),
          )
          .returning();
  return row;
}
