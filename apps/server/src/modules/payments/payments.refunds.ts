import type { FastifyBaseLogger } from 'fastify';
import { formatInr } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { orderPayments } from '../orders/orders.service.js';
import type { MailSite } from '../outbox/outbox.service.js';
import { GatewayError, type GatewayRefund, type PaymentProvider } from './provider.js';
import * as repo from './payments.repository.js';
import type { PaymentRow } from './payments.repository.js';
import type { PaymentOutcome } from './payments.table.js';

export type { PaymentRow };

/**
 * A claim this old has outlived any call to the gateway (those give up after seconds): the process
 * that made it died before it heard back, and an admin may try again.
 */
export const REFUND_STALE_AFTER_MS = 5 * 60_000;

/**
 * The receipt and idempotency key of one refund attempt, derived from the payment: every retry of
 * the attempt sends the same one, so the gateway answers the refund it already made; an attempt
 * after a failed refund gets the next number, or the gateway would answer the failure again.
 */
export const refundReceipt = (paymentId: string, attempt: number) => `refund-${paymentId}-${attempt}`;

/** A refund as the gateway's answer or its webhook reports it. */
export type ReportedRefund = Pick<GatewayRefund, 'id' | 'paymentId' | 'amount' | 'receipt'>;

/** Words from elsewhere, ending as a sentence does. */
const sentence = (words: string) => (/[.!?]$/.test(words.trim()) ? words.trim() : `${words.trim()}.`);

const NOT_REFUNDABLE: Partial<Record<PaymentOutcome, string>> = {
  applied: 'This payment paid its order, so it is not kept for a refund',
  failed: 'This payment failed: no money was taken, so there is nothing to refund',
  refunded: 'This payment was already refunded',
};

/**
 * What is left of a payment to refund, and the refund that took the rest: a late order's slot fee
 * goes back on its own (ADR 086), and the gateway refuses to refund more than a payment has left.
 */
const leftToRefund = async (db: Db | Tx, row: PaymentRow): Promise<{ amount: number; apart?: string }> =>
  row.orderId ? orderPayments.leftToRefund(db, row.orderId, row.amount!) : { amount: row.amount! };

/**
 * Records a refund the gateway confirmed, if the payment is in one of the states `from`: it becomes
 * 'refunded' and, when it was for a known order, the shopper's timeline and email are written in
 * the same transaction. The payment row is locked first, so the gateway's answer and its webhook,
 * in whichever order they come, record a refund once.
 */
async function recordRefund(
  tx: Tx,
  refund: ReportedRefund,
  from: readonly PaymentOutcome[],
  site: MailSite,
  now: Date,
): Promise<PaymentRow | undefined> {
  const row = await repo.lockPayment(tx, refund.paymentId);
  if (!row || !from.includes(row.outcome) || row.amount === null) return row;
  // A partial refund (made by hand in the dashboard) does not settle what the store kept.
  if ((await leftToRefund(tx, row)).amount !== refund.amount) return row;
  const refunded = await repo.markRefunded(tx, row.id, refund.id, now);
  if (refunded.orderId) {
    const told = { id: refund.id, amount: refund.amount, paymentId: row.id };
    await orderPayments.refunded(tx, refunded.orderId, told, now, site);
  }
  return refunded;
}

/**
 * `refund.processed`: the refund went through. It settles the payment whether the admin's request
 * is still waiting for the gateway ('refunding'), has heard of it already ('refunded': nothing
 * more happens), or gave up on a gateway that did not answer although the refund was made
 * ('refund_due'). A refund made in Razorpay's dashboard is recorded the same way.
 */
export async function refundProcessed(tx: Tx, refund: ReportedRefund, site: MailSite, now = new Date()) {
  await recordRefund(tx, refund, ['refund_due', 'refunding'], site, now);
}

/**
 * `refund.failed`: the gateway could not send the money back. The payment is due a refund again,
 * with the reason, if this refund is the one it is waiting for or was settled by; a late report of
 * an earlier attempt's failure changes nothing.
 */
export async function refundFailed(tx: Tx, refund: ReportedRefund, now = new Date()) {
  const row = await repo.lockPayment(tx, refund.paymentId);
  if (!row) return;
  const current =
    (row.outcome === 'refunded' && row.refundId === refund.id) ||
    (row.outcome === 'refunding' && refund.receipt === refundReceipt(row.id, row.refundAttempts));
  if (current) await repo.markRefundDue(tx, row.id, `Razorpay could not complete refund ${refund.id}.`, now);
}

/** A payment as the audit trail compares it: where its refund stands. */
const auditView = (row: PaymentRow) => ({
  status: row.outcome,
  refundAttempts: row.refundAttempts,
  refundRequestedAt: row.refundRequestedAt,
  refundError: row.refundError,
});

export interface RefundsOptions {
  provider: PaymentProvider;
  site: MailSite;
  log: FastifyBaseLogger;
}

/**
 * An admin's refund of money the store kept, through the payment gateway, exactly once: a
 * transaction claims the payment ('refund_due' → 'refunding') and commits before the gateway is
 * asked, so of many clicks one gets through; the gateway is asked with this attempt's receipt as
 * the idempotency key, after looking for a refund it already holds; a second transaction records
 * the answer. Nothing is locked while the gateway is asked. A cancelled order's payment is claimed
 * the same way, in the cancellation's transaction ('applied' → 'refunding'), and settled the same
 * way after it commits.
 */
export class RefundsService {
  private readonly provider: PaymentProvider;
  private readonly site: MailSite;
  private readonly log: FastifyBaseLogger;

  constructor(
    private readonly db: Db,
    options: RefundsOptions,
  ) {
    this.provider = options.provider;
    this.site = options.site;
    this.log = options.log;
  }

  list(): Promise<PaymentRow[]> {
    return repo.paymentsForRefund(this.db);
  }

  /** Payments as they are now, refunds and all: what a cancelled order tells of its refund. */
  ofPayments(db: Db | Tx, paymentIds: readonly string[]): Promise<PaymentRow[]> {
    return repo.findPayments(db, paymentIds);
  }

  async refund(actor: SessionUser, paymentId: string): Promise<PaymentRow> {
    const claimed = await this.db.transaction((tx) => this.claim(tx, actor, paymentId));
    return this.answer(await this.settle(claimed));
  }

  /**
   * Claims the payment that paid an order for a refund, in the transaction that cancels the order,
   * so that the cancellation and the claim commit together or not at all; `settle` then asks the
   * gateway. A second cancellation never gets here: the order is cancelled already.
   */
  async claimForCancellation(tx: Tx, paymentId: string, reason: string, now: Date): Promise<PaymentRow> {
    const row = await repo.lockPayment(tx, paymentId);
    if (row?.outcome !== 'applied' || row.amount === null) {
      throw new AppError(
        'CONFLICT',
        "This order's payment is not on record as paying it, so it cannot be refunded here: refund it from the Razorpay dashboard",
      );
    }
    return repo.markRefunding(tx, paymentId, row.refundAttempts + 1, now, reason);
  }

  /**
   * Asks the gateway for the refund a committed claim is for, and records its answer: the payment
   * as it ends, refunded or due again with the reason.
   */
  async settle(claimed: PaymentRow): Promise<PaymentRow> {
    const paymentId = claimed.id;
    let refund: GatewayRefund;
    try {
      const left = await leftToRefund(this.db, claimed);
      refund = await this.refundAtGateway(paymentId, left, refundReceipt(paymentId, claimed.refundAttempts));
    } catch (err) {
      if (!(err instanceof GatewayError)) this.log.error({ err, paymentId }, 'refund failed');
      const problem = err instanceof GatewayError ? sentence(err.message) : 'The payment gateway could not be asked.';
      return this.giveBack(paymentId, problem);
    }
    if (refund.status === 'failed') return this.giveBack(paymentId, `Razorpay could not complete refund ${refund.id}.`);
    const recorded = await this.db.transaction((tx) => recordRefund(tx, refund, ['refunding'], this.site, new Date()));
    return recorded!;
  }

  /** The admin's request is what the trail keeps: the gateway's answer comes later, or by webhook. */
  private async claim(tx: Tx, actor: SessionUser, paymentId: string): Promise<PaymentRow> {
    const row = await repo.lockPayment(tx, paymentId);
    if (!row) throw new AppError('NOT_FOUND', 'Payment not found');
    const now = new Date();
    const refused = NOT_REFUNDABLE[row.outcome];
    if (refused) throw new AppError('CONFLICT', refused);
    let attempt = row.refundAttempts + 1;
    if (row.outcome === 'refunding') {
      if (row.refundRequestedAt!.getTime() > now.getTime() - REFUND_STALE_AFTER_MS) {
        throw new AppError('CONFLICT', 'This payment is already being refunded');
      }
      // The same attempt again: its receipt finds the refund the dead process may have made.
      attempt = row.refundAttempts;
    } else if (row.amount === null) {
      throw new AppError('CONFLICT', "This payment's amount is not known: refund it from the Razorpay dashboard");
    }
    const claimed = await repo.markRefunding(tx, paymentId, attempt, now);
    await recordAudit(tx, {
      actor,
      action: 'payment.refund',
      entityId: paymentId,
      label: formatInr(claimed.amount!),
      before: auditView(row),
      after: auditView(claimed),
    });
    return claimed;
  }

  /**
   * A refund of all that is left that the gateway already holds (an earlier attempt's, whose answer
   * was lost, or one made in the dashboard) is the refund; only without one is another made.
   */
  private async refundAtGateway(
    paymentId: string,
    left: { amount: number; apart?: string },
    receipt: string,
  ): Promise<GatewayRefund> {
    const held = await this.provider.refundsOf(paymentId);
    return (
      held.find((r) => r.status !== 'failed' && r.amount === left.amount && r.id !== left.apart) ??
      this.provider.refund(paymentId, left.amount, receipt)
    );
  }

  /**
   * The gateway refused or did not answer: the payment is due a refund again, with the reason,
   * unless its webhook has confirmed the refund meanwhile.
   */
  private async giveBack(paymentId: string, problem: string): Promise<PaymentRow> {
    this.log.warn({ paymentId, problem }, 'refund not made');
    return this.db.transaction(async (tx) => {
      const locked = (await repo.lockPayment(tx, paymentId))!;
      return locked.outcome === 'refunding' ? repo.markRefundDue(tx, paymentId, problem, new Date()) : locked;
    });
  }

  /** Refunded is the answer; anything else is the gateway's failure, told as the admin can act on it. */
  private answer(row: PaymentRow): PaymentRow {
    if (row.outcome === 'refunded') return row;
    throw new AppError(
      'BAD_GATEWAY',
      `${row.refundError ?? 'The refund was not confirmed.'} The payment is still due a refund: try again in a moment.`,
    );
  }
}
