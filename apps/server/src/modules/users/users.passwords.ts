import { hash, verify } from '@node-rs/argon2';
import { oneAtATime } from '../../lib/one-at-a-time.js';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash holds its 19 MiB outside the JavaScript heap while it runs, and the native pool runs
 * four at once: twenty shoppers signing up together lifted each worker's resident memory by about
 * 65 MB. One at a time per process bounds that to one hash; with a worker per core every core
 * still hashes (ADR 060).
 */
const inTurn = oneAtATime();

export const hashPassword = (password: string): Promise<string> => inTurn(() => hash(password, ARGON2));

/** False for a wrong password or a malformed stored hash; never throws. */
export const passwordMatches = (storedHash: string, password: string): Promise<boolean> =>
  inTurn(() => verify(storedHash, password)).catch(() => false);
