import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { SIGN_IN_CODE_TRIES } from '@store/domain';
import type { Db, Tx } from '../../db/client.js';
import type { SessionUser } from '../../lib/auth.js';
import { passwordResets, savedAddresses, sessions, signInCodes, users } from './users.table.js';

/** A whole row of the users table, password hash included: never for a response as it is. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
type NewSignInCode = typeof signInCodes.$inferInsert;
/** The columns a caller may change; `updatedAt` is stamped by every update. */
type UserChanges = Partial<
  Pick<NewUser, 'name' | 'email' | 'passwordHash' | 'isAdmin' | 'googleSubject' | 'partnerId'>
>;

/** The columns a request's `SessionUser` is read from (lib/auth.ts says why no more). */
const SESSION_USER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  isAdmin: users.isAdmin,
  partnerId: users.partnerId,
  pincode: users.pincode,
  phone: users.phone,
} satisfies Record<keyof SessionUser, unknown>;

/** Matches however the address is capitalised, as the unique index on lower(email) does. */
export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/**
 * The account with this email (however capitalised), its row share-locked until the transaction
 * ends: a change of its email or password waits for what is written under the lock, and a change
 * already under way is waited for, the row then read as it committed (so a moved account is not
 * found by its old email).
 */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .for('share');
  return user;
}

export async function findUserById(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByGoogleSubject(db: Db | Tx, subject: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user;
}

export async function findPasswordHash(db: Db | Tx, id: string): Promise<{ passwordHash: string | null } | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row;
}

/** Newest first; the id breaks ties so the order is stable. */
export async function listUsers(db: Db | Tx): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.createdAt), users.id);
}

const USER_SORT_COLUMNS = { createdAt: users.createdAt, name: users.name, email: users.email } as const;

interface AdminUserQuery {
  q?: string | undefined;
  isAdmin?: boolean | undefined;
  sort: keyof typeof USER_SORT_COLUMNS;
  descending: boolean;
  limit: number;
  offset: number;
}

/**
 * The ids of one page of the accounts a search matches. The matches are found through the trigram
 * indexes and only then sorted: left to itself the planner walks the name or email index in order,
 * testing every row, and a search sorted the way it matches ('nikhi' by name) reads half the
 * accounts before its first match. MATERIALIZED keeps the two steps apart.
 */
function searchPageIds(query: AdminUserQuery): SQL {
  const column = USER_SORT_COLUMNS[query.sort];
  const direction = query.descending ? sql`DESC` : sql`ASC`;
  return sql`WITH matches AS MATERIALIZED (
      SELECT ${users.id}, ${column} FROM ${users} WHERE ${adminUserConditions(query)})
    SELECT id FROM matches ORDER BY ${sql.identifier(column.name)} ${direction}, id ${direction}
    LIMIT ${query.limit} OFFSET ${query.offset}`;
}

/**
 * One page of the admin's user list; `q` is part of a name or an email. The page's ids are picked
 * first, from an index on the sort column and the id alone when nothing is searched, then only
 * their rows are read: a deep page skips index entries, not whole rows (ADR 050).
 */
export async function adminUserPage(db: Db | Tx, query: AdminUserQuery): Promise<UserRow[]> {
  const direction = query.descending ? desc : asc;
  const order = [direction(USER_SORT_COLUMNS[query.sort]), direction(users.id)];
  const page = query.q
    ? sql`${users.id} IN (${searchPageIds(query)})`
    : inArray(
        users.id,
        db
          .select({ id: users.id })
          .from(users)
          .where(adminUserConditions(query))
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
      );
  return db
    .select()
    .from(users)
    .where(page)
    .orderBy(...order);
}

export async function countAdminUsers(db: Db | Tx, query: { q?: string | undefined; isAdmin?: boolean | undefined }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(adminUserConditions(query));
  return row?.n ?? 0;
}

function adminUserConditions(query: { q?: string | undefined; isAdmin?: boolean | undefined }) {
  const pattern = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    pattern ? or(sql`lower(${users.email}) LIKE ${pattern}`, sql`lower(${users.name}) LIKE ${pattern}`) : undefined,
    query.isAdmin === undefined ? undefined : eq(users.isAdmin, query.isAdmin),
  );
}

/** Throws the unique violation of `users_email_lower` or `users_google_subject` for the caller to name. */
export async function insertUser(db: Db | Tx, values: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** The columns the admin's edit form holds: a change of any of them moves the account's version on. */
const VERSIONED = { name: users.name, email: users.email, isAdmin: users.isAdmin } as const;

/**
 * Changes the account; with `version`, only if it is still at that version. The version moves on
 * when a name, email or admin flag given differs from the stored one, whoever writes it (ADR 065):
 * the admin's form holds those, so a shopper renaming themselves makes an open form stale, and a
 * new password does not. Compared in the statement, on the row as it is when locked.
 */
export async function updateUser(
  db: Db | Tx,
  id: string,
  changes: UserChanges,
  version?: number,
): Promise<UserRow | undefined> {
  const differs = (Object.keys(VERSIONED) as (keyof typeof VERSIONED)[])
    .filter((key) => changes[key] !== undefined)
    .map((key) => sql`${VERSIONED[key]} IS DISTINCT FROM ${changes[key]}`);
  const [updated] = await db
    .update(users)
    .set({
      ...changes,
      ...(differs.length ? { version: sql`${users.version} + CASE WHEN ${or(...differs)} THEN 1 ELSE 0 END` } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), version === undefined ? undefined : eq(users.version, version)))
    .returning();
  return updated;
}

/**
 * The admin condition is repeated in the statement so an account made admin since it was read
 * survives; the account as it was, or undefined when nothing was deleted.
 */
export async function deleteCustomer(db: Db | Tx, id: string): Promise<UserRow | undefined> {
  const [deleted] = await db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.isAdmin, false)))
    .returning();
  return deleted;
}

/** The account, its row locked until the transaction ends (NO KEY UPDATE, as lockAccount). */
export async function lockUser(tx: Tx, id: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return user;
}

/**
 * The ids of every admin account, each row locked until the transaction ends, in id order so two
 * changes of admin rights never lock them in opposite orders. One that waited reads the rows again
 * once they are free (READ COMMITTED), so an admin demoted meanwhile is no longer among them.
 */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(users.id)
    .for('no key update');
  return rows.map((r) => r.id);
}

/**
 * Takes the account's row lock until the transaction ends. NO KEY UPDATE, not UPDATE, so rows
 * that reference the account (orders, sessions) can still be inserted meanwhile.
 */
export function lockAccount(tx: Tx, userId: string) {
  return tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** Not a change to the name, email or admin flag, so the account's version stays (ADR 065). */
export function setAccountPhone(db: Db | Tx, userId: string, phone: string) {
  return db.update(users).set({ phone }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Db | Tx,
  session: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The user of an unexpired session, in one query: it runs on every signed-in API request. */
export async function findSessionUser(db: Db | Tx, tokenHash: string, now: Date): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({ user: SESSION_USER_COLUMNS })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row?.user;
}

/** Compared with the database's clock, which wrote `createdAt`, so the servers' clocks do not matter. */
export async function sessionStartedWithin(db: Db | Tx, tokenHash: string, minutes: number): Promise<boolean> {
  const [recent] = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(eq(sessions.tokenHash, tokenHash), gt(sessions.createdAt, sql`now() - make_interval(mins => ${minutes})`)),
    );
  return recent !== undefined;
}

export async function deleteSession(db: Db | Tx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs the account out everywhere. */
export async function deleteSessionsOf(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteOtherSessions(db: Db | Tx, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

/**
 * Deletes up to `batchSize` sessions expired by `now` and returns how many. SKIP LOCKED lets
 * several server processes purge at once without waiting on each other.
 */
export async function deleteExpiredSessions(db: Db | Tx, now: Date, batchSize: number): Promise<number> {
  const expired = db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(lte(sessions.expiresAt, now))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(sessions)
    .where(inArray(sessions.tokenHash, expired))
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertPasswordReset(
  db: Db | Tx,
  reset: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

export async function findPasswordReset(db: Db | Tx, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

/** The link's row, locked until the transaction ends: two uses of one link wait for each other. */
export async function lockPasswordReset(tx: Tx, tokenHash: string): Promise<PasswordResetRow | undefined> {
  const [row] = await tx.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update');
  return row;
}

/** Spends every link of the account not used yet. */
export async function spendPasswordResets(db: Db | Tx, userId: string, usedAt: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export type SavedAddressRow = typeof savedAddresses.$inferSelect;
/** An address book entry's own columns: whose it is and when it was used are set by the service. */
export type SavedAddressValues = Pick<
  SavedAddressRow,
  'firstName' | 'lastName' | 'address' | 'address2' | 'landmark' | 'city' | 'state' | 'postalCode' | 'phone'
>;

/** The account's address book, newest use first; the id breaks ties so the order is stable. */
export function listSavedAddresses(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.lastUsedAt), desc(savedAddresses.createdAt), savedAddresses.id);
}

export function insertSavedAddress(db: Db | Tx, userId: string, values: SavedAddressValues, now: Date) {
  return db
    .insert(savedAddresses)
    .values({ ...values, userId, createdAt: now, lastUsedAt: now })
    .returning();
}

/** Marks an entry used now, so it comes first in the book. */
export function touchSavedAddress(db: Db | Tx, id: string, now: Date) {
  return db.update(savedAddresses).set({ lastUsedAt: now }).where(eq(savedAddresses.id, id)).returning();
}

/** Only the account's own entry is changed; another account's id changes nothing. */
export async function updateSavedAddress(
  db: Db | Tx,
  userId: string,
  id: string,
  values: SavedAddressValues,
): Promise<SavedAddressRow | undefined> {
  const [row] = await db
    .update(savedAddresses)
    .set(values)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning();
  return row;
}

/** True when the account had such an entry. */
export async function deleteSavedAddress(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .returning({ id: savedAddresses.id });
  return deleted.length > 0;
}

/**
 * The one account that keeps this mobile, locked as `lockUserByEmail` locks: none when no account
 * or more than one does (a number typed at two accounts' checkouts signs in to neither).
 */
export async function lockUserByPhone(tx: Tx, phone: string): Promise<UserRow | undefined> {
  const found = await tx.select().from(users).where(eq(users.phone, phone)).limit(2).for('share');
  return found.length === 1 ? found[0] : undefined;
}

export async function replaceSignInCode(tx: Tx, code: NewSignInCode): Promise<void> {
  await tx.delete(signInCodes).where(eq(signInCodes.sentTo, code.sentTo));
  await tx.insert(signInCodes).values(code);
}

/**
 * Counts a try on every live code sent to `sentTo` before it is compared, in one statement, so
 * concurrent guesses each use up a try; returns the codes that could still be right.
 */
export function trySignInCodes(db: Db | Tx, sentTo: string, now: Date) {
  return db
    .update(signInCodes)
    .set({ tries: sql`${signInCodes.tries} + 1` })
    .where(
      and(eq(signInCodes.sentTo, sentTo), gt(signInCodes.expiresAt, now), lt(signInCodes.tries, SIGN_IN_CODE_TRIES)),
    )
    .returning();
}

/** Spends a code: true for the one caller whose delete found it. */
export async function spendSignInCode(db: Db | Tx, id: string): Promise<boolean> {
  return (await db.delete(signInCodes).where(eq(signInCodes.id, id)).returning({ id: signInCodes.id })).length > 0;
}

/** A partner's people, for the admin's list of partners. */
export function partnerPeople(db: Db | Tx, partnerIds: readonly string[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, email: users.email, partnerId: users.partnerId })
    .from(users)
    .where(inArray(users.partnerId, [...partnerIds]))
    .orderBy(users.name);
}

/** Where alerts for the admins go. */
export async function adminEmails(db: Db | Tx): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true)).orderBy(users.email);
  return rows.map((r) => r.email);
}
