import { describe, expect, it } from 'vitest';
import { paymentFailureSentence } from './payment-failure.js';

const DECLINED = 'Your bank declined the payment. No money was taken. Try again or use another method.';
const CANCELLED = 'You cancelled the payment. No money was taken. Try again when you are ready.';
const OTHER = 'The payment did not go through. No money was taken. Please try again.';

describe('the sentence for a failed payment', () => {
  it.each([
    { source: 'bank', reason: 'payment_failed', sentence: DECLINED },
    { source: 'issuer', reason: 'card_declined', sentence: DECLINED },
    { source: 'BANK', reason: 'insufficient_funds', sentence: DECLINED },
    { source: 'customer', reason: 'payment_cancelled', sentence: CANCELLED },
    // Cancelled on the bank's own page is still the shopper's choice.
    { source: 'bank', reason: 'payment_cancelled', sentence: CANCELLED },
    { source: 'gateway', reason: 'payment_failed', sentence: OTHER },
    { source: 'customer', reason: 'authentication_failed', sentence: OTHER },
    { source: 'NA', reason: 'NA', sentence: OTHER },
    { source: '', reason: '', sentence: OTHER },
  ])('source $source, reason $reason', ({ source, reason, sentence }) => {
    expect(paymentFailureSentence({ source, reason })).toBe(sentence);
  });
});
