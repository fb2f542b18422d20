import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type Razorpay from 'razorpay';

export interface GatewayOrder {
  id: string;
  /** Paise. */
  amount: number;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  /** Paise. */
  amount: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
}

export interface GatewayRefund {
  /** rfnd_… */
  id: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  /** Pending and processed refunds both send the money back; a failed one sent none. */
  status: 'pending' | 'processed' | 'failed';
  /** Ours, as given when the refund was made; null on refunds made without one (in the dashboard). */
  receipt: string | null;
}

/**
 * A gateway's refusal, or its silence, said in words an admin can act on. Anything else thrown
 * while talking to a gateway is a fault of ours.
 */
export class GatewayError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/** What the store needs from a card/UPI gateway. Amounts are paise, as Razorpay takes them. */
export interface PaymentProvider {
  readonly kind: 'razorpay' | 'simulated';
  createOrder(input: { amount: number; receipt: string }): Promise<GatewayOrder>;
  /**
   * The gateway's own record of a payment whose checkout signature for `razorpayOrderId` has
   * been verified (captured first if it was only authorized).
   */
  settlePayment(paymentId: string, razorpayOrderId: string): Promise<GatewayPayment>;
  /** The refunds the gateway holds for a payment, whoever made them. */
  refundsOf(paymentId: string): Promise<GatewayRefund[]>;
  /**
   * Refunds `amount` paise of a captured payment at normal speed. `receipt` is also the request's
   * idempotency key: asked again with the same receipt, the gateway answers the refund it made.
   */
  refund(paymentId: string, amount: number, receipt: string): Promise<GatewayRefund>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Ids shaped like Razorpay's: a prefix and 14 base-62 characters. */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  return `${prefix}_${Array.from(randomBytes(14), (b) => BASE62[b % 62]).join('')}`;
}

const RAZORPAY_API = 'https://api.razorpay.com/v1';
/**
 * A refund makes two calls (the look-up, then the refund): together well inside the request's own
 * timeout, so the admin hears the outcome rather than a dropped connection.
 */
const RAZORPAY_CALL_TIMEOUT_MS = 10_000;

interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: GatewayRefund['status'];
  receipt: string | null;
}

const fromRazorpay = (r: RazorpayRefund): GatewayRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amount: Number(r.amount),
  status: r.status,
  receipt: r.receipt ?? null,
});

/** Razorpay's SDK is loaded by the store that uses it, not by every start (ADR 052). */
const requireFromHere = createRequire(import.meta.url);

export class RazorpayProvider implements PaymentProvider {
  readonly kind = 'razorpay';
  private readonly client: Razorpay;
  private readonly authorization: string;

  constructor(keyId: string, keySecret: string) {
    const RazorpayClient = requireFromHere('razorpay') as typeof Razorpay;
    this.client = new RazorpayClient({ key_id: keyId, key_secret: keySecret });
    this.authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  }

  async createOrder({ amount, receipt }: { amount: number; receipt: string }): Promise<GatewayOrder> {
    const order = await this.client.orders.create({ amount, currency: 'INR', receipt });
    return { id: order.id, amount: Number(order.amount) };
  }

  async settlePayment(paymentId: string): Promise<GatewayPayment> {
    let payment = await this.client.payments.fetch(paymentId);
    // Accounts without automatic capture leave card payments authorized; the order is only paid once captured.
    if (payment.status === 'authorized') {
      payment = await this.client.payments.capture(paymentId, payment.amount, 'INR');
    }
    return {
      id: payment.id,
      orderId: payment.order_id,
      amount: Number(payment.amount),
      status: payment.status,
    };
  }

  async refundsOf(paymentId: string): Promise<GatewayRefund[]> {
    const found = await this.call<{ items: RazorpayRefund[] }>(
      'GET',
      `/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
    );
    return found.items.map(fromRazorpay);
  }

  async refund(paymentId: string, amount: number, receipt: string): Promise<GatewayRefund> {
    const made = await this.call<RazorpayRefund>(
      'POST',
      `/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount, speed: 'normal', receipt },
      { 'x-refund-idempotency': receipt },
    );
    return fromRazorpay(made);
  }

  /**
   * Razorpay's REST API directly: the SDK cannot send a request header of our own, and a refund
   * needs X-Refund-Idempotency.
   */
  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${RAZORPAY_API}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(RAZORPAY_CALL_TIMEOUT_MS),
      });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new GatewayError(timedOut ? 'Razorpay did not answer in time' : 'Razorpay could not be reached', {
        cause: err,
      });
    }
    const answer = (await res.json().catch(() => null)) as { error?: { description?: unknown } } | null;
    if (!res.ok) {
      const said = answer?.error?.description;
      throw new GatewayError(
        typeof said === 'string' && said ? `Razorpay refused: ${said}` : `Razorpay answered ${res.status}`,
      );
    }
    return answer as T;
  }
}

/** Delivers a signed webhook to the store a moment later, as Razorpay does. */
export type Announce = (event: string, payload: Record<string, { entity: Record<string, unknown> }>) => void;

/**
 * A local stand-in for Razorpay, so the whole checkout works offline and in tests. Its orders are
 * the store's own (it reads the amount the store asked for from the orders table, as Razorpay
 * would hold it); its payments exist only as the signed ids its checkout endpoint hands out; its
 * refunds live in this process's memory (a restart forgets them, as a demo may).
 */
export class SimulatedProvider implements PaymentProvider {
  readonly kind = 'simulated';
  private readonly refunds = new Map<string, GatewayRefund[]>();

  /** `amountOf` reads what the store asked this gateway order to collect, in paise. */
  constructor(
    private readonly amountOf: (razorpayOrderId: string) => Promise<number | undefined>,
    private readonly announce: Announce,
  ) {}

  async createOrder({ amount }: { amount: number; receipt: string }): Promise<GatewayOrder> {
    return { id: razorpayStyleId('order'), amount };
  }

  /** A simulated checkout only ever signs a payment of the whole amount the order asked for. */
  async settlePayment(paymentId: string, razorpayOrderId: string): Promise<GatewayPayment> {
    const amount = await this.amountOf(razorpayOrderId);
    return { id: paymentId, orderId: razorpayOrderId, amount: amount ?? 0, status: 'captured' };
  }

  async refundsOf(paymentId: string): Promise<GatewayRefund[]> {
    return [...(this.refunds.get(paymentId) ?? [])];
  }

  /** Processed at once, then told by a signed `refund.processed` webhook, as Razorpay tells it. */
  async refund(paymentId: string, amount: number, receipt: string): Promise<GatewayRefund> {
    const made = this.refunds.get(paymentId) ?? [];
    const again = made.find((r) => r.receipt === receipt);
    if (again) return again;
    const refund: GatewayRefund = { id: razorpayStyleId('rfnd'), paymentId, amount, status: 'processed', receipt };
    this.refunds.set(paymentId, [...made, refund]);
    this.announce('refund.processed', {
      refund: {
        entity: {
          id: refund.id,
          entity: 'refund',
          amount,
          currency: 'INR',
          payment_id: paymentId,
          receipt,
          status: 'processed',
          speed_requested: 'normal',
          speed_processed: 'normal',
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    });
    return refund;
  }
}
