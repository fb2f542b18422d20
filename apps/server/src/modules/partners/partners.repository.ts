import { and, asc, count, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { partnerOffers, type OfferStatus } from './partner-offers.table.js';
import { partnerAreas, partners } from './partners.table.js';

type Reader = Db | Tx;

export type PartnerRow = typeof partners.$inferSelect;
export type OfferRow = typeof partnerOffers.$inferSelect;
export type PartnerWithAreas = PartnerRow & { areaIds: number[] };
/** What an admin sets of a partner, besides its areas. */
export type PartnerDetails = Pick<PartnerRow, 'name' | 'email' | 'phone' | 'makes' | 'capacityPerSlot'>;

const LIVE: OfferStatus[] = ['offered', 'accepted'];

export async function insertPartner(tx: Tx, values: PartnerDetails, areaIds: readonly number[]): Promise<PartnerRow> {
  const [row] = await tx.insert(partners).values(values).returning();
  await tx.insert(partnerAreas).values(areaIds.map((areaId) => ({ partnerId: row!.id, areaId })));
  return row!;
}

/**
 * Replaces a partner's details and areas; false when there is no such partner. Its row is updated
 * first, so an offer counting its load at the same moment (which locks the row) sees it before or
 * after, whole.
 */
export async function updatePartner(
  tx: Tx,
  id: string,
  values: PartnerDetails,
  areaIds: readonly number[],
): Promise<boolean> {
  const updated = await tx.update(partners).set(values).where(eq(partners.id, id)).returning({ id: partners.id });
  if (updated.length === 0) return false;
  await tx.delete(partnerAreas).where(eq(partnerAreas.partnerId, id));
  await tx.insert(partnerAreas).values(areaIds.map((areaId) => ({ partnerId: id, areaId })));
  return true;
}

export async function findPartner(db: Reader, id: string): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id));
  return row;
}

async function withAreas(db: Reader, rows: PartnerRow[]): Promise<PartnerWithAreas[]> {
  if (rows.length === 0) return [];
  const areas = await db
    .select()
    .from(partnerAreas)
    .where(
      inArray(
        partnerAreas.partnerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(partnerAreas.areaId));
  return rows.map((r) => ({ ...r, areaIds: areas.filter((a) => a.partnerId === r.id).map((a) => a.areaId) }));
}

export async function listPartners(db: Reader): Promise<PartnerWithAreas[]> {
  return withAreas(db, await db.select().from(partners).orderBy(asc(partners.name), asc(partners.id)));
}

/**
 * The partners serving an area, each row locked in id order: an offer counts a partner's load and
 * adds to it under the lock, so two orders offered at once cannot both take its last place. NO KEY
 * UPDATE, so that inviting a partner's person (whose row references it) does not wait.
 */
export async function lockPartnersServing(tx: Tx, areaId: number): Promise<PartnerWithAreas[]> {
  const rows = await tx
    .select({ partner: partners })
    .from(partners)
    .innerJoin(partnerAreas, eq(partnerAreas.partnerId, partners.id))
    .where(eq(partnerAreas.areaId, areaId))
    .orderBy(asc(partners.id))
    .for('no key update', { of: partners });
  return withAreas(
    tx,
    rows.map((r) => r.partner),
  );
}

/** Orders each partner holds or is being offered in one slot of one date. */
export async function loads(
  db: Reader,
  partnerIds: readonly string[],
  date: string,
  slotId: string,
): Promise<Map<string, number>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .select({ partnerId: partnerOffers.partnerId, n: count() })
    .from(partnerOffers)
    .where(
      and(
        inArray(partnerOffers.partnerId, [...partnerIds]),
        eq(partnerOffers.deliveryDate, date),
        eq(partnerOffers.slotId, slotId),
        inArray(partnerOffers.status, LIVE),
      ),
    )
    .groupBy(partnerOffers.partnerId);
  return new Map(rows.map((r) => [r.partnerId, r.n]));
}

/** Orders each partner holds or is being offered on a date, across its slots. */
export async function loadsOn(db: Reader, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ partnerId: partnerOffers.partnerId, n: count() })
    .from(partnerOffers)
    .where(and(eq(partnerOffers.deliveryDate, date), inArray(partnerOffers.status, LIVE)))
    .groupBy(partnerOffers.partnerId);
  return new Map(rows.map((r) => [r.partnerId, r.n]));
}

export async function offersOf(db: Reader, orderId: string): Promise<OfferRow[]> {
  return db.select().from(partnerOffers).where(eq(partnerOffers.orderId, orderId));
}

export async function insertOffer(tx: Tx, offer: typeof partnerOffers.$inferInsert): Promise<void> {
  await tx.insert(partnerOffers).values(offer);
}

/** The offer of this order to this partner, locked; undefined when it was never offered to it. */
export async function lockOffer(tx: Tx, orderId: string, partnerId: string): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(partnerOffers)
    .where(and(eq(partnerOffers.orderId, orderId), eq(partnerOffers.partnerId, partnerId)))
    .for('update');
  return row;
}

export async function answerOffer(
  tx: Tx,
  orderId: string,
  partnerId: string,
  status: OfferStatus,
  now: Date,
  reason: string | null = null,
): Promise<void> {
  await tx
    .update(partnerOffers)
    .set({ status, answeredAt: now, reason })
    .where(and(eq(partnerOffers.orderId, orderId), eq(partnerOffers.partnerId, partnerId)));
}

/** Offers nobody answered in time lapse; the orders they were for are offered again. */
export async function expireOffers(db: Reader, now: Date): Promise<string[]> {
  const rows = await db
    .update(partnerOffers)
    .set({ status: 'expired', answeredAt: now })
    .where(and(eq(partnerOffers.status, 'offered'), lte(partnerOffers.expiresAt, now)))
    .returning({ orderId: partnerOffers.orderId });
  return rows.map((r) => r.orderId);
}

/** The service areas at least one partner serves. */
export async function servedAreaIds(db: Reader): Promise<number[]> {
  const rows = await db.selectDistinct({ areaId: partnerAreas.areaId }).from(partnerAreas);
  return rows.map((r) => r.areaId);
}

/** Live offers for delivery from `from` on: the sweep withdraws those whose order was cancelled. */
export async function liveOrderIdsFrom(db: Reader, from: string): Promise<string[]> {
  const rows = await db
    .select({ orderId: partnerOffers.orderId })
    .from(partnerOffers)
    .where(and(inArray(partnerOffers.status, LIVE), gte(partnerOffers.deliveryDate, from)));
  return rows.map((r) => r.orderId);
}

export async function withdrawOffers(db: Reader, orderIds: readonly string[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(partnerOffers)
    .set({ status: 'withdrawn', answeredAt: now })
    .where(and(inArray(partnerOffers.orderId, [...orderIds]), inArray(partnerOffers.status, LIVE)));
}

/**
 * A partner's offered (and not lapsed) and accepted orders on these dates, in slot order of the
 * day; what a lapsed, declined or withdrawn offer was for is no longer theirs to see.
 */
export async function partnerDay(
  db: Reader,
  partnerId: string,
  dates: readonly string[],
  now: Date,
): Promise<OfferRow[]> {
  return db
    .select()
    .from(partnerOffers)
    .where(
      and(
        eq(partnerOffers.partnerId, partnerId),
        inArray(partnerOffers.deliveryDate, [...dates]),
        or(
          eq(partnerOffers.status, 'accepted'),
          and(eq(partnerOffers.status, 'offered'), sql`${partnerOffers.expiresAt} > ${now}`),
        ),
      ),
    )
    .orderBy(asc(partnerOffers.deliveryDate), asc(partnerOffers.offeredAt));
}
