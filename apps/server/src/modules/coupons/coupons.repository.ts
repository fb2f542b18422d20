import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { couponUses, coupons } from './coupons.table.js';

type Reader = Db | Tx;
export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'uses' | 'version' | 'createdAt' | 'updatedAt'>;

export function listCoupons(db: Reader): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(desc(coupons.createdAt), coupons.id);
}

/** The coupon, its row locked until the transaction ends. */
export async function lockCoupon(tx: Tx, id: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

export async function findByCode(db: Reader, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function insertCoupon(db: Reader, coupon: NewCoupon): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(coupon).returning();
  return row!;
}

/**
 * Changes a coupon at `version` and moves it to the next, unless its new total uses is below the
 * uses orders hold: the conditions are checked on the row as it is once locked, after any order
 * taking a use (or admin saving it) meanwhile has committed.
 */
export async function updateCoupon(
  db: Reader,
  id: string,
  version: number,
  coupon: NewCoupon,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...coupon, version: sql`${coupons.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.version, version),
        typeof coupon.totalUses === 'number' ? lte(coupons.uses, coupon.totalUses) : undefined,
      ),
    )
    .returning();
  return row;
}

/** How many orders of this account hold the coupon now (one row: `n`). */
export function usesByCustomer(db: Reader, couponId: string, userId: string) {
  return db
    .select({ n: count() })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId)));
}

/**
 * The two statements that take one use for an order, in this order: the conditional update queues
 * concurrent orders on the coupon's row lock, each sees the count the one before it left, and only
 * those that find a use left get one; the use row records which order holds it.
 */
export function takeUse(tx: Tx, use: { couponId: string; orderId: string; userId: string | null }) {
  return [
    tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(
        and(
          eq(coupons.id, use.couponId),
          sql`(${coupons.totalUses} IS NULL OR ${coupons.uses} < ${coupons.totalUses})`,
        ),
      )
      .returning({ uses: coupons.uses }),
    tx.insert(couponUses).values(use).onConflictDoNothing(),
  ] as const;
}

/** Gives an order's use back, if it held one: the use row goes, and with it one count. */
export async function giveUseBack(tx: Tx, orderId: string): Promise<void> {
  const [released] = await tx.delete(couponUses).where(eq(couponUses.orderId, orderId)).returning();
  if (!released) return;
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} - 1` })
    .where(eq(coupons.id, released.couponId));
}
