import type { RateLimit } from '../../config.js';
import type { RateLimiter, SlowDown } from '../../lib/rate-limiter.js';

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts.';

/** The account's slow-down starts one second apart and doubles from there (ADR 018). */
const FIRST_DELAY_MS = 1_000;

export interface SignInLimits {
  /** Per account from one address: over it, that address is refused for that account. */
  perAccountAddress: RateLimit | null;
  /** Per account from anywhere: over it, attempts are slowed down, never refused for good. */
  perAccount: RateLimit | null;
  maxDelayMs: number;
}

/** What the route tells the throttle once the password has been checked, or could not be. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  /** Nothing was checked (a database failure, say): the attempt should not count. */
  notChecked(): Promise<void>;
}

/**
 * Password guessing against one account. Every attempt is counted before its password is checked,
 * so parallel attempts cannot outrun the limits. Two counts, so the account's owner is slowed
 * down but never locked out by someone else's guessing:
 * - per (account, address): a fixed window; past it that address gets 429 for that account only;
 * - per account from every address: past the free allowance, one attempt per delay, the delay
 *   doubling up to `maxDelayMs`; the caller gets 429 with Retry-After until the next slot.
 * A good sign-in clears its address's count and hands its own attempt back to the account's.
 * The emails are lower-cased and counted whether or not an account exists, so the limits reveal
 * nothing about which emails are registered.
 */
export class SignInThrottle {
  private readonly slowDown: SlowDown | null;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits,
  ) {
    const perAccount = limits.perAccount;
    this.slowDown = perAccount && {
      free: perAccount.max,
      windowMs: perAccount.windowMs,
      firstDelayMs: FIRST_DELAY_MS,
      maxDelayMs: Math.max(limits.maxDelayMs, FIRST_DELAY_MS),
    };
  }

  /** Counts the attempt; throws 429 when its password may not be checked now. */
  async admit(email: string, address: string): Promise<SignInAttempt> {
    const account = email.toLowerCase();
    const pairKey = `login-pair:${account}:${address}`;
    const accountKey = `login-account:${account}`;
    await this.limiter.consume(pairKey, this.limits.perAccountAddress, TOO_MANY_SIGN_INS);
    try {
      await this.limiter.slowDown(accountKey, this.slowDown, TOO_MANY_SIGN_INS);
    } catch (err) {
      // Waiting for the account's next slot must not use up the address's own allowance.
      await this.limiter.refund(pairKey);
      throw err;
    }
    return {
      succeeded: async () => {
        await Promise.all([this.limiter.forget(pairKey), this.limiter.refund(accountKey)]);
      },
      notChecked: async () => {
        await Promise.all([this.limiter.refund(pairKey), this.limiter.refund(accountKey)]);
      },
    };
  }
}
