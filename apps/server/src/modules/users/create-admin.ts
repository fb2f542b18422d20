import { randomBytes } from 'node:crypto';
import { passwordProblem } from '@store/domain';
import type { Db } from '../../db/client.js';
import { hashPassword } from './users.passwords.js';
import * as repo from './users.repository.js';

/** 20 random characters from an unambiguous alphabet: about 116 bits, easy to copy from a terminal. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(20), (b) => alphabet[b % alphabet.length]).join('');
}

export type CreateAdminResult =
  { outcome: 'created' } | { outcome: 'promoted' } | { outcome: 'refused'; reason: string };

/**
 * Creates an admin account, or makes an existing account with that email an admin (keeping its
 * password: the person who owns it already knows it). A real store has no default admin.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; name: string; password: string },
): Promise<CreateAdminResult> {
  const problem = passwordProblem(input.password);
  if (problem) return { outcome: 'refused', reason: problem };
  const existing = await repo.findUserByEmail(db, input.email);
  if (existing) {
    await repo.updateUser(db, existing.id, { isAdmin: true });
    return { outcome: 'promoted' };
  }
  await repo.insertUser(db, {
    name: input.name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    isAdmin: true,
  });
  return { outcome: 'created' };
}
