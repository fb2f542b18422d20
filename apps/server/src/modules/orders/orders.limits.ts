import type { OrderLimits } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { Answer, Pipeline } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import { lockAddress, unpaidHeldByAccount, unpaidPlacedFrom, type OrderOwner } from './orders.repository.js';

/**
 * First key of the advisory locks that queue placements from one address (the second is a hash of
 * the address). The two-key form never meets the one-key locks that migrations take.
 */
const ADDRESS_LOCK_CLASS = 7_270_017;
/** The same for a guest's contact email, which the caps on an account count a guest under. */
const GUEST_LOCK_CLASS = 7_270_035;

/** Who is placing an order: the account or guest, and the address the limits count it under. */
export interface Placer {
  owner: OrderOwner;
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
 * same address (an advisory lock), until the transaction ends, so that what is read after it in
 * the same pipeline (`unpaidLimits`' counts, a coupon's per-customer uses, the address book) is
 * still true when the order is inserted. Always account first, then address, then stock rows: one
 * order of taking locks, so placements cannot deadlock one another. Reading the answer throws 401
 * when the account no longer exists. The account's lock is the users module's, handed in by
 * checkout, so that orders never call users.
 */
export function lockPlacer(
  pipeline: Pipeline,
  tx: Tx,
  limits: OrderLimits,
  placer: Placer,
  lockAccount: (pipeline: Pipeline, tx: Tx, userId: string) => Answer<boolean>,
): Answer<void> {
  const { owner } = placer;
  // A guest has no row to lock: their contact email's advisory lock queues their placements instead.
  let accountLocked: Answer<boolean> = () => true;
  if ('userId' in owner) accountLocked = lockAccount(pipeline, tx, owner.userId);
  else pipeline.add(lockAddress(tx, GUEST_LOCK_CLASS, owner.guestEmail));
  if (limits.unpaidPerAddress !== null) pipeline.add(lockAddress(tx, ADDRESS_LOCK_CLASS, placer.address));
  return () => {
    if (!accountLocked()) throw new AppError('UNAUTHORIZED', 'Please sign in');
  };
}

/**
 * Counts the placer's unpaid orders (awaiting payment and not yet past their deadline, whether or
 * not the sweeper has expired them); reading the answer throws 429 with Retry-After when one is at
 * a cap. Decisive only inside the order's transaction, after `lockPlacer` in the same pipeline;
 * outside, it spares the gateway an order for a placement that would be refused anyway.
 */
export function unpaidLimits(
  pipeline: Pipeline,
  db: Db | Tx,
  limits: OrderLimits,
  placer: Placer,
  units: number,
  now = new Date(),
): Answer<void> {
  const byAccount =
    limits.unpaidPerAccount !== null || limits.unitsHeldPerAccount !== null
      ? pipeline.add(unpaidHeldByAccount(db, placer.owner, now))
      : null;
  const fromAddress = limits.unpaidPerAddress !== null ? pipeline.add(unpaidPlacedFrom(db, placer.address, now)) : null;
  return () => {
    if (byAccount) {
      const { orders: count, units: heldUnits, oldestPayBy } = byAccount()[0]!;
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
    if (fromAddress && limits.unpaidPerAddress !== null) {
      const fromHere = fromAddress()[0]!;
      if (fromHere.orders >= limits.unpaidPerAddress) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many unpaid orders have been placed from your network. Please try again when one is paid or expires.',
          undefined,
          retryAfter(fromHere.oldestPayBy, now),
        );
      }
    }
  };
}
