/**
 * One-time sign-in codes (issue 35): six digits, sent by email or text message, good for ten
 * minutes, once, and for five tries. A million codes and five tries give a guesser one chance in
 * 200,000 per code sent; the throttles on asking for codes bound how many codes one gets.
 */
export const SIGN_IN_CODE_DIGITS = 6;
export const SIGN_IN_CODE_VALID_MINUTES = 10;
export const SIGN_IN_CODE_TRIES = 5;

/** A code as a person types it: spaces and dashes between the digits are theirs to add. */
export function signInCodeOf(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** Whether a code tried `tries` times before may still be tried at `now`. */
export function signInCodeUsable(code: { expiresAt: Date; tries: number }, now: Date): boolean {
  return code.expiresAt.getTime() > now.getTime() && code.tries < SIGN_IN_CODE_TRIES;
}
