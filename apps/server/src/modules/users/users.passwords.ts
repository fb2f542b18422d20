import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** False for a wrong password or a malformed stored hash; never throws. */
export const passwordMatches = (storedHash: string, password: string): Promise<boolean> =>
  verify(storedHash, password).catch(() => false);
