import type { CheckoutPayment } from '../../../api/orders.js';

/** The part of Razorpay Checkout's options the store uses (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/). */
export interface CheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  /** Seconds after which checkout closes by itself. */
  timeout: number;
  handler(response: CheckoutPayment): void;
  modal: { ondismiss(): void };
}

/** `response.error` of Razorpay's payment.failed event. */
export interface PaymentFailure {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: { order_id: string; payment_id: string };
}

export interface CheckoutInstance {
  on(event: 'payment.failed', callback: (response: { error: PaymentFailure }) => void): void;
  open(): void;
  close(): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    /** Set by https://checkout.razorpay.com/v1/checkout.js. */
    Razorpay?: CheckoutConstructor;
  }
}
