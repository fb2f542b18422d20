import { randomBytes } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../../config.js';

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

/** What the store needs from a card/UPI gateway. Amounts are paise, as Razorpay takes them. */
export interface PaymentProvider {
  readonly kind: 'razorpay' | 'simulated';
  createOrder(input: { amount: number; receipt: string }): Promise<GatewayOrder>;
  /**
   * The gateway's own record of a payment whose checkout signature for `razorpayOrderId` has
   * been verified (captured first if it was only authorized).
   */
  settlePayment(paymentId: string, razorpayOrderId: string): Promise<GatewayPayment>;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Ids shaped like Razorpay's: a prefix and 14 base-62 characters. */
export function razorpayStyleId(prefix: 'order' | 'pay' | 'evt'): string {
  return `${prefix}_${Array.from(randomBytes(14), (b) => BASE62[b % 62]).join('')}`;
}

class RazorpayProvider implements PaymentProvider {
  readonly kind = 'razorpay';
  private readonly client: Razorpay;

  constructor(keyId: string, keySecret: string) {
    this.client = new Razorpay({ key_id: keyId, key_secret: keySecret });
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
}

/**
 * A local stand-in for Razorpay, so the whole checkout works offline and in tests. Its orders are
 * the store's own (it reads the amount the store asked for from the orders table, as Razorpay
 * would hold it); its payments exist only as the signed ids its checkout endpoint hands out.
 */
class SimulatedProvider implements PaymentProvider {
  readonly kind = 'simulated';

  /** `amountOf` reads what the store asked this gateway order to collect, in paise. */
  constructor(private readonly amountOf: (razorpayOrderId: string) => Promise<number | undefined>) {}

  async createOrder({ amount }: { amount: number; receipt: string }): Promise<GatewayOrder> {
    return { id: razorpayStyleId('order'), amount };
  }

  /** A simulated checkout only ever signs a payment of the whole amount the order asked for. */
  async settlePayment(paymentId: string, razorpayOrderId: string): Promise<GatewayPayment> {
    const amount = await this.amountOf(razorpayOrderId);
    return { id: paymentId, orderId: razorpayOrderId, amount: amount ?? 0, status: 'captured' };
  }
}

export function createPaymentProvider(
  config: Config['payments'],
  amountOf: (razorpayOrderId: string) => Promise<number | undefined>,
): PaymentProvider {
  return config.provider === 'razorpay'
    ? new RazorpayProvider(config.keyId, config.keySecret)
    : new SimulatedProvider(amountOf);
}
