import { randomBytes } from 'node:crypto';
import {
  COUPON_MESSAGES,
  evaluateCoupon,
  istDate,
  istInstant,
  paiseToRupees,
  rupeesToPaise,
  type CouponCartLine,
  type CouponRules,
  type CouponUsage,
} from '@store/domain';
import { STALE_MESSAGES, type Coupon, type CouponInput, type CouponUpdate } from '@store/contracts';
import type { RateLimit } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Answer, Pipeline } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import * as repo from './coupons.repository.js';
import type { CouponRow } from './coupons.repository.js';

export type { CouponRow };

const DAY_MINUTES = 24 * 60;
const TOO_MANY_GUESSES = 'Too many coupon codes tried.';

/** The IST day an instant falls in, as the admin entered it. */
const istDay = (instant: Date | null, shift = 0) => (instant ? istDate(new Date(instant.getTime() + shift)) : null);

function toCoupon(row: CouponRow): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'flat' ? paiseToRupees(row.value) : row.value,
    maxDiscount: row.maxDiscount === null ? null : paiseToRupees(row.maxDiscount),
    minOrderValue: paiseToRupees(row.minOrderValue),
    validFrom: istDay(row.validFrom),
    // Stored as the exclusive end (the next IST midnight); shown as the last day it can be used.
    validTo: istDay(row.validTo, -1),
    totalUses: row.totalUses,
    usesPerCustomer: row.usesPerCustomer,
    firstOrderOnly: row.firstOrderOnly,
    categories: row.categories,
    active: row.active,
    uses: row.uses,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A coupon as the audit trail compares it: the admin's rules, not the uses orders take. */
function auditView(row: CouponRow) {
  const { _id, uses: _uses, createdAt: _c, updatedAt: _u, version: _v, ...rules } = toCoupon(row);
  return rules;
}

function toRow(input: CouponInput): repo.NewCoupon {
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'flat' ? rupeesToPaise(input.value) : input.value,
    maxDiscount: input.kind === 'percent' && input.maxDiscount !== null ? rupeesToPaise(input.maxDiscount) : null,
    minOrderValue: rupeesToPaise(input.minOrderValue),
    validFrom: input.validFrom ? istInstant(input.validFrom, 0) : null,
    validTo: input.validTo ? istInstant(input.validTo, DAY_MINUTES) : null,
    totalUses: input.totalUses,
    usesPerCustomer: input.usesPerCustomer,
    firstOrderOnly: input.firstOrderOnly,
    categories: input.categories,
    active: input.active,
  };
}

export const rulesOf = (row: CouponRow): CouponRules => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  maxDiscount: row.maxDiscount,
  minOrderValue: row.minOrderValue,
  validFrom: row.validFrom,
  validTo: row.validTo,
  totalUses: row.totalUses,
  usesPerCustomer: row.usesPerCustomer,
  firstOrderOnly: row.firstOrderOnly,
  categories: row.categories,
  active: row.active,
});

/**
 * Who is trying a code: the shopper (their account when signed in, else the guest's device
 * cookie) and the client address, the backstop for a client that keeps changing its device.
 */
export interface Guesser {
  userId: string | null;
  deviceId?: string;
  address: string;
}

export interface GuessLimits {
  limiter: RateLimiter;
  perShopper: RateLimit | null;
  perAddress: RateLimit | null;
}

/** A refusal a shopper reads under the coupon field: 409 for what a race decided, 400 otherwise. */
export function couponRefused(reason: string, message: string): AppError {
  const race = reason === 'used_up' || reason === 'used' || reason === 'first_order';
  return new AppError(race ? 'CONFLICT' : 'VALIDATION', message, [{ field: 'couponCode', message }]);
}

/**
 * Coupons: the admin's rules, a shopper's code checked against a cart, and a use held by an order
 * (taken in its transaction, given back when it expires unpaid) exactly as stock and slot places are.
 */
export class CouponsService {
  constructor(
    private readonly db: Db,
    private readonly guesses?: GuessLimits,
  ) {}

  async list(): Promise<Coupon[]> {
    return (await repo.listCoupons(this.db)).map(toCoupon);
  }

  async create(actor: SessionUser, input: CouponInput): Promise<Coupon> {
    try {
      return toCoupon(
        await this.db.transaction(async (tx) => {
          const row = await repo.insertCoupon(tx, toRow(input));
          await recordAudit(tx, {
            actor,
            action: 'coupon.create',
            entityId: row.id,
            label: row.code,
            after: auditView(row),
          });
          return row;
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A coupon with the code ${input.code} already exists`);
      throw err;
    }
  }

  /**
   * Saves the coupon if it is still at the version the form was loaded at (ADR 065), else 409
   * with the coupon as it is now. Orders take uses while an admin edits, so total uses below the
   * uses held is refused by the update itself (a conditional update, never the table's CHECK):
   * 409, since it is the orders that decided it, with the count as it was then. The row is locked
   * first, so the trail's 'before' is the coupon the update changed.
   */
  async update(actor: SessionUser, id: string, input: CouponUpdate): Promise<Coupon> {
    try {
      return toCoupon(
        await this.db.transaction(async (tx) => {
          const before = await repo.lockCoupon(tx, id);
          if (!before) throw new AppError('NOT_FOUND', 'Coupon not found');
          if (before.version !== input.version) {
            throw new AppError('CONFLICT', STALE_MESSAGES.coupon, { current: toCoupon(before) });
          }
          const row = await repo.updateCoupon(tx, id, input.version, toRow(input));
          if (!row) {
            const held = before.uses === 1 ? 'An order already holds' : `${before.uses} orders already hold`;
            const message = `${held} this coupon; total uses cannot be below that`;
            throw new AppError('CONFLICT', message, [{ field: 'totalUses', message }]);
          }
          await recordAudit(tx, {
            actor,
            action: 'coupon.update',
            entityId: id,
            label: row.code,
            before: auditView(before),
            after: auditView(row),
          });
          return row;
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', `A coupon with the code ${input.code} already exists`);
      throw err;
    }
  }

  /**
   * The coupon a shopper typed. Every try is counted against guessing before the code is looked
   * up, and handed back when the code exists: only unknown codes use up the allowance. A shopper
   * past their limit, or at an address past its backstop, is refused whatever the code, so a
   * refusal never tells a real code from a made-up one (ADR 067).
   */
  async find(code: string, who: Guesser): Promise<CouponRow> {
    const counted = await this.countGuess(who);
    const row = await repo.findByCode(this.db, code);
    if (row) await this.handBack(counted);
    if (!row) throw couponRefused('invalid', COUPON_MESSAGES.invalid);
    return row;
  }

  /**
   * Counts the try for the address, then for the shopper; answers the keys it counted. A try the
   * shopper's limit refuses is handed back to the address, so one shopper past their own limit
   * does not use up their neighbours' backstop; a try the address refuses makes no shopper's
   * counter, so a client inventing devices cannot fill the counters' memory with them.
   */
  private async countGuess(who: Guesser): Promise<string[]> {
    if (!this.guesses) return [];
    const { limiter, perShopper, perAddress } = this.guesses;
    const counted: string[] = [];
    if (perAddress) {
      const address = `coupon-address:${who.address}`;
      await limiter.consume(address, perAddress, TOO_MANY_GUESSES);
      counted.push(address);
    }
    const shopper = who.userId ? `coupon-account:${who.userId}` : who.deviceId ? `coupon-device:${who.deviceId}` : null;
    if (shopper && perShopper) {
      try {
        await limiter.consume(shopper, perShopper, TOO_MANY_GUESSES);
      } catch (err) {
        await this.handBack(counted);
        throw err;
      }
      counted.push(shopper);
    }
    return counted;
  }

  private async handBack(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.guesses!.limiter.refund(key)));
  }

  /**
   * The coupon's usage as the quote judges it (ADR 070): its uses so far, this shopper's, and
   * `hasOrders`, whether the shopper has an order that counts against 'first order only' (the
   * orders module knows); a guest has used nothing yet.
   */
  async usage(row: CouponRow, userId: string | null, hasOrders: boolean): Promise<CouponUsage> {
    const [byCustomer] = userId ? await repo.usesByCustomer(this.db, row.id, userId) : [{ n: 0 }];
    return { usedTotal: row.uses, usedByCustomer: byCustomer!.n, customerHasOrders: hasOrders };
  }

  /**
   * In the order's transaction, after the account is locked: the customer's uses as they are now,
   * which concurrent orders by the same account can no longer change. Reading the answer applies
   * the per-customer rules again (total uses are `hold`'s to decide).
   */
  recheck(
    pipeline: Pipeline,
    tx: Tx,
    row: CouponRow,
    lines: readonly CouponCartLine[],
    customer: { userId: string; hasOrders: Answer<boolean> },
    now: Date,
  ): Answer<void> {
    const byCustomer = pipeline.add(repo.usesByCustomer(tx, row.id, customer.userId));
    return () => {
      const usage = { usedTotal: 0, usedByCustomer: byCustomer()[0]!.n, customerHasOrders: customer.hasOrders() };
      decide(row, lines, usage, now);
    };
  }

  /** Takes one use for the order; reading the answer throws 409 when none was left. */
  hold(pipeline: Pipeline, tx: Tx, use: { couponId: string; orderId: string; userId: string | null }): Answer<void> {
    const [take, record] = repo.takeUse(tx, use);
    const taken = pipeline.add(take);
    pipeline.add(record);
    return () => {
      if (taken().length === 0) throw couponRefused('used_up', COUPON_MESSAGES.used_up);
    };
  }
}

function decide(row: CouponRow, lines: readonly CouponCartLine[], usage: CouponUsage, now: Date) {
  const outcome = evaluateCoupon(rulesOf(row), lines, usage, now);
  if (!outcome.ok) throw couponRefused(outcome.reason, outcome.message);
  return outcome;
}

/** Gives back the use an order held, in the transaction that ends it unpaid; nothing if it held none. */
/** How long a make-good coupon can be used. */
export const MAKE_GOOD_VALID_DAYS = 90;

/**
 * A one-use coupon of `amount` paise off any order, made good to a buyer whose gift missed its slot
 * (issue 36): its code is random and reaches only that buyer, by email and on their order page.
 */
export async function issueMakeGoodCoupon(tx: Tx, amount: number, now: Date): Promise<string> {
  const code = `SORRY${randomBytes(5).toString('hex').toUpperCase()}`;
  await repo.insertCoupon(tx, {
    code,
    kind: 'flat',
    value: amount,
    maxDiscount: null,
    minOrderValue: 0,
    validFrom: null,
    validTo: new Date(now.getTime() + MAKE_GOOD_VALID_DAYS * 24 * 60 * 60_000),
    totalUses: 1,
    usesPerCustomer: 1,
    firstOrderOnly: false,
    categories: [],
    active: true,
  });
  return code;
}

export function releaseCoupon(tx: Tx, orderId: string): Promise<void> {
  return repo.giveUseBack(tx, orderId);
}
