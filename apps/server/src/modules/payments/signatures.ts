import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacSha256Hex = (secret: string, data: string | Buffer): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Compares in constant time, so the time taken says nothing about how much of a forgery was right. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex.toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** Razorpay Checkout's proof of payment: HMAC-SHA256 of `{order id}|{payment id}` with the key secret. */
export const checkoutSignature = (keySecret: string, razorpayOrderId: string, paymentId: string) =>
  hmacSha256Hex(keySecret, `${razorpayOrderId}|${paymentId}`);
