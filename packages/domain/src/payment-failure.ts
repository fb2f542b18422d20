/** What a gateway says of a failed payment that decides how the shopper is told: who failed it and why. */
export interface PaymentFailureCause {
  /** Razorpay's `source`: 'customer', 'bank', 'issuer', 'gateway', 'business', … */
  source: string;
  /** Razorpay's `reason`: 'payment_cancelled', 'payment_failed', 'insufficient_funds', … */
  reason: string;
}

/** Sources that mean the shopper's bank or card issuer said no. */
const BANK_SOURCES = new Set(['bank', 'issuer']);

/**
 * The one plain sentence a shopper reads about a failed payment, before the gateway's details.
 * Each says that no money was taken, since that is the first worry, and what to do next.
 */
export function paymentFailureSentence({ source, reason }: PaymentFailureCause): string {
  if (reason.toLowerCase() === 'payment_cancelled') {
    return 'You cancelled the payment. No money was taken. Try again when you are ready.';
  }
  if (BANK_SOURCES.has(source.toLowerCase())) {
    return 'Your bank declined the payment. No money was taken. Try again or use another method.';
  }
  return 'The payment did not go through. No money was taken. Please try again.';
}
