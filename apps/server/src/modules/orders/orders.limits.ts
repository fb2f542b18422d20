import type { OrderLimits } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockAccount } from '../users/users.service.js';
import { lockAddress, unpaidHeldByAccount, unpaidPlacedFrom } from './orders.repository.js';

/**
 * First key of the advisory locks that queue placements from one address (the second is a hash of
 * the address). The two-key form never meets the one-key locks that migrations take.
 */
const ADDRESS_LOCK_CLASS = 7_270_017;

/** Who is placing an order: the account, and the address the limits count it under. */
export interface Placer {
  userId: string;
  address: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Seconds until the oldest counted order expires and frees its place: when a retry can succeed. */
function retryAfter(oldestPayBy: Date | null, now: Date): Record<string, string> {
  const ms = oldestPayBy ? oldestPayBy.getTime() - now.getTime() : 0;
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}

/** An order bigger than the whole allowance can never be placed, however long the shopper waits. */
export function checkOrderSize(limits: OrderLimits, units: number): void {
  const max = limits.unitsHeldPerAccount;
  if (max !== null && units > max) {
    throw new AppError('VALIDATION', `One order can hold at most ${plural(max, 'item', 'items')}.`, {
      limit: max,
    });
  }
}

/**
 * Queues this placement behind every other one by the same account (its user row) and from the
 * same address (an advisory lock), until the transaction ends, so that what `checkUnpaidLimits`
 * counts next is still true when the order is inserted. Always account first, then address, then
 * stock rows: one order of taking locks, so placements cannot deadlock one another.
 */
export async function lockPlacer(tx: Tx, limits: OrderLimits, placer: Placer): Promise<void> {
  if (limits.unpaidPerAccount !== null || limits.unitsHeldPerAccount !== null) {
    if (!(await lockAccount(tx, placer.userId))) throw new AppError('UNAUTHORIZED', 'Please sign in');
  }
  if (limits.unpaidPerAddress !== null) await lockAddress(tx, ADDRESS_LOCK_CLASS, placer.address);
}

/**
 * Refuses the order with 429 and Retry-After when the placer's unpaid orders (awaiting payment and
 * not yet past their deadline, whether or not the sweeper has expired them) are at a cap. Decisive
 * only inside the order's transaction after `lockPlacer`; outside, it spares the gateway an order
 * for a placement that would be refused anyway.
 */
export async function checkUnpaidLimits(
  db: Db | Tx,
  limits: OrderLimits,
  placer: Placer,
  units: number,
  now = new Date(),
): Promise<void> {
  if (limits.unpaidPerAccount !== null || limits.unitsHeldPerAccount !== null) {
    const { orders: count, units: heldUnits, oldestPayBy } = await unpaidHeldByAccount(db, placer.userId, now);
    if (limits.unpaidPerAccount !== null && count >= limits.unpaidPerAccount) {
      throw new AppError(
        'RATE_LIMITED',
        `You have ${plural(count, 'unpaid order', 'unpaid orders')}. Pay for one or wait until it expires.`,
        undefined,
        retryAfter(oldestPayBy, now),
      );
    }
    if (limits.unitsHeldPerAccount !== null && heldUnits + units > limits.unitsHeldPerAccount) {
      throw new AppError(
        'RATE_LIMITED',
        `Your unpaid orders already hold ${plural(heldUnits, 'item', 'items')}, and at most ` +
          `${limits.unitsHeldPerAccount} can be held at once. Pay for one or wait until it expires.`,
        undefined,
        retryAfter(oldestPayBy, now),
      );
    }
  }
  if (limits.unpaidPerAddress !== null) {
    const fromHere = await unpaidPlacedFrom(db, placer.address, now);
    if (fromHere.orders >= limits.unpaidPerAddress) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many unpaid orders have been placed from your network. Please try again when one is paid or expires.',
        undefined,
        retryAfter(fromHere.oldestPayBy, now),
      );
    }
  }
}
