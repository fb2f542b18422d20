import { randomBytes } from 'node:crypto';
import { ADDRESS_BOOK_FULL_MESSAGE, ADDRESS_BOOK_LIMIT, passwordProblem, sameAddress } from '@store/domain';
import {
  listPage,
  pageWindow,
  PASSWORD_RESET_VALID_MINUTES,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  STALE_MESSAGES,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
  type AdminUserUpdate,
  type LoginInput,
  type ProfileUpdate,
  type RegisterInput,
  type ResetPasswordInput,
  type SavedAddress,
  type SavedAddressInput,
  type UserResponse,
} from '@store/contracts';
import type { Db, Tx } from '../../db/client.js';
import { Pipeline, type Answer } from '../../db/pipeline.js';
import { AppError } from '../../lib/app-error.js';
import { NO_METRICS, type Counter, type Metrics } from '../../lib/metrics.js';
import type { SessionUser } from '../../lib/auth.js';
import type { GoogleIdentity } from './users.google.js';
import { hashPassword, passwordMatches } from './users.passwords.js';
import * as repo from './users.repository.js';
import type { PasswordResetRow, SavedAddressRow, UserRow } from './users.repository.js';
import { hashToken } from './users.sessions.js';
import { isUniqueViolation } from '../../db/errors.js';
import { enqueue } from '../outbox/outbox.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { PincodesService } from '../pincodes/pincodes.service.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists';
const CURRENT_PASSWORD_REQUIRED = 'Current password is required to change your email or password';
const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
/** How long after a Google sign-in an account without a password may change its email or set one. */
const RECENT_SIGN_IN_MINUTES = 10;
const SIGN_IN_WITH_GOOGLE_AGAIN =
  `Your account signs in with Google and has no password to confirm this change. ` +
  `Sign out, sign in with Google again, and make the change within ${RECENT_SIGN_IN_MINUTES} minutes.`;

export function toUserResponse(u: SessionUser): UserResponse {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    isAdmin: u.isAdmin,
    isPartner: u.partnerId !== null,
    pincode: u.pincode,
    phone: u.phone,
  };
}

export function toAdminUser(u: UserRow): AdminUser {
  return {
    ...toUserResponse(u),
    createdAt: u.createdAt.toISOString(),
    googleLinked: u.googleSubject !== null,
    version: u.version,
  };
}

/** The refusal of an admin's save of an older version: 409 with the account as it is now (ADR 065). */
const staleUser = (current: UserRow) =>
  new AppError('CONFLICT', STALE_MESSAGES.user, { current: toAdminUser(current) });

export function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return { _id: row.id, ...addressValues(row), lastUsedAt: row.lastUsedAt.toISOString() };
}

const addressValues = (a: repo.SavedAddressValues): repo.SavedAddressValues => ({
  firstName: a.firstName,
  lastName: a.lastName,
  address: a.address,
  address2: a.address2,
  landmark: a.landmark,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  phone: a.phone,
});

/** An account as the audit trail compares it; the password hash only ever shows as changed. */
const auditView = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  isAdmin: u.isAdmin,
  pincode: u.pincode,
  password: u.passwordHash,
  googleLinked: u.googleSubject !== null,
});

const OWN_ADMIN_RIGHTS = 'You cannot remove your own admin rights';
const ADMINS_NOT_DELETED = 'Admin users cannot be deleted';
const LAST_ADMIN = 'The store must keep at least one admin: this is the last one';

/**
 * Under the lock of every admin row: the store keeps one admin, and only an admin (still, now that
 * the lock is held) changes anyone's rights.
 */
async function checkAdminChange(tx: Tx, actor: SessionUser, target: UserRow, isAdmin: boolean): Promise<void> {
  const admins = await repo.lockAdmins(tx);
  if (!isAdmin && admins.includes(target.id) && admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN);
  if (!admins.includes(actor.id)) throw new AppError('FORBIDDEN', 'This needs an admin account');
}

const ADDRESS_NOT_FOUND = 'Address not found';
const ADDRESS_KEPT_ALREADY = 'This address is already in your address book';

/** A refusal about one field, named in `details` the way schema validation reports fields. */
const fieldProblem = (code: 'VALIDATION' | 'CONFLICT', field: string, message: string) =>
  new AppError(code, message, [{ field, message }]);

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw fieldProblem('VALIDATION', 'password', problem);
}

const currentPasswordProblem = (message: string) => fieldProblem('VALIDATION', 'currentPassword', message);
const emailTaken = () => fieldProblem('CONFLICT', 'email', EMAIL_TAKEN);

/** Throws the 400 that says why a reset link cannot be used, naming the field `token`. */
function checkResetLink(link: PasswordResetRow | undefined, now: Date): asserts link is PasswordResetRow {
  if (!link) throw fieldProblem('VALIDATION', 'token', RESET_LINK_INVALID);
  if (link.usedAt) throw fieldProblem('VALIDATION', 'token', RESET_LINK_USED);
  if (link.expiresAt <= now) throw fieldProblem('VALIDATION', 'token', RESET_LINK_EXPIRED);
}

/**
 * What every change of an account's password or email does, in the change's own transaction and
 * after its update (which holds the account's row): it spends every reset link of the account not
 * used yet, since a link asked for before the change, perhaps by whoever the change shuts out,
 * must not undo it; and it ends the sessions `signOut` names.
 */
async function credentialsChanged(
  tx: Tx,
  userId: string,
  signOut: 'nowhere' | 'everywhere' | { except: string },
): Promise<void> {
  await repo.spendPasswordResets(tx, userId, new Date());
  if (signOut === 'everywhere') await repo.deleteSessionsOf(tx, userId);
  else if (signOut !== 'nowhere') await repo.deleteOtherSessions(tx, userId, signOut.except);
}

/** The session a profile change comes from, and the throttle on guesses of the current password. */
export interface ProfileChangeContext {
  sessionTokenHash: string;
  /** Counts one current-password attempt (and refuses with 429 over the limit) before it is checked. */
  countPasswordAttempt: () => Promise<void>;
}

export class UsersService {
  /** Verifying against this when no account matches keeps "no such email" as slow as "wrong password". */
  private readonly dummyHash: Promise<string>;
  private readonly pincodes: PincodesService;
  private readonly passwordChecks: Counter;

  constructor(
    private readonly db: Db,
    /** Where the welcome email points, and the host its Message-ID names. */
    private readonly store: { url: string; host: string } = { url: 'http://localhost:3000', host: 'localhost' },
    metrics: Metrics = NO_METRICS,
  ) {
    this.passwordChecks = metrics.counter(
      'store_password_checks_total',
      'Passwords checked against their hash, at sign-in and before a password change: the costliest ' +
        'work a request can ask for. Attempts refused by their limits are not checked, so under an ' +
        'attack this stays flat while refusals (429) rise.',
    );
    this.dummyHash = hashPassword('not-a-real-password');
    this.pincodes = new PincodesService(db);
  }

  private checkPassword(storedHash: string, password: string): Promise<boolean> {
    this.passwordChecks.inc();
    return passwordMatches(storedHash, password);
  }

  /** A new account and its welcome email, together: neither exists without the other (ADR 029). */
  private createAccount(values: repo.NewUser): Promise<UserRow> {
    return this.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, values);
      await enqueue(
        tx,
        { kind: 'welcome', recipient: user.email, payload: { name: user.name, shopUrl: this.store.url } },
        this.store.host,
      );
      return user;
    });
  }

  async register(input: RegisterInput): Promise<UserRow> {
    checkPassword(input.password);
    if (await repo.findUserByEmail(this.db, input.email)) throw emailTaken();
    try {
      return await this.createAccount({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
      });
    } catch (err) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  async authenticate(input: LoginInput): Promise<UserRow> {
    const user = await repo.findUserByEmail(this.db, input.email);
    const storedHash = user?.passwordHash ?? (await this.dummyHash);
    const ok = await this.checkPassword(storedHash, input.password);
    if (!user?.passwordHash || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
    return user;
  }

  /**
   * Signs in with a verified Google identity: the account already linked to it, else the account
   * with its email (linked now, but only when Google has verified that address, so nobody can
   * take over an account by naming its email on an unverified Google account), else a new one.
   */
  async googleSignIn(identity: GoogleIdentity): Promise<UserRow> {
    const linked = await repo.findUserByGoogleSubject(this.db, identity.subject);
    if (linked) return linked;
    if (!identity.emailVerified) {
      throw new AppError('FORBIDDEN', 'Google has not verified this email address. Please sign in with your email.');
    }
    const existing = await repo.findUserByEmail(this.db, identity.email);
    if (existing) {
      if (existing.googleSubject) {
        throw new AppError('CONFLICT', 'This email is linked to a different Google account');
      }
      const updated = await repo.updateUser(this.db, existing.id, { googleSubject: identity.subject });
      return updated!;
    }
    try {
      return await this.createAccount({
        name: identity.name,
        email: identity.email,
        googleSubject: identity.subject,
      });
    } catch (err) {
      // The same Google account signing in twice at once: the other request created it.
      if (isUniqueViolation(err)) return this.googleSignIn(identity);
      throw err;
    }
  }

  /**
   * Writes a reset link for the account with this email, when there is one, and its email in the
   * same transaction (ADR 029); an unknown email does nothing. The caller answers the same either
   * way, before this has finished, so neither the answer nor its time tells the two apart.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Under the account's lock: a change of its email or password under way is waited for, and
      // one that comes later waits for this link and spends it. No link reaches an address the
      // account has just left, and none outlives a change (ADR 064).
      const user = await repo.lockUserByEmail(tx, email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + PASSWORD_RESET_VALID_MINUTES * 60_000);
      await repo.insertPasswordReset(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
      // The link is the email's secret: the outbox keeps it only until the email is sent (or given
      // up on), and admins never see it. The table of links keeps only its hash.
      await enqueue(
        tx,
        {
          kind: 'password_reset',
          recipient: user.email,
          payload: { name: user.name, validFor: `${PASSWORD_RESET_VALID_MINUTES} minutes` },
          secret: { link: `${this.store.url}/reset-password?token=${token}` },
        },
        this.store.host,
      );
    });
  }

  /**
   * Sets a new password with an emailed link, spends every unused link of the account and ends
   * all its sessions, in one transaction; returns the account for the caller to sign in. Of two
   * uses of one link at once, exactly one succeeds: the other finds it used under the lock.
   */
  async resetPassword(input: ResetPasswordInput): Promise<UserRow> {
    const tokenHash = hashToken(input.token);
    // Looked at without a lock first, so a made-up or dead link costs one read and no hashing.
    const link = await repo.findPasswordReset(this.db, tokenHash);
    checkResetLink(link, new Date());
    checkPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      // The account first: every use of its links queues here, so two of its links used at once
      // cannot lock each other's rows in opposite orders.
      await repo.lockAccount(tx, link.userId);
      const locked = await repo.lockPasswordReset(tx, tokenHash);
      checkResetLink(locked, new Date());
      const user = await repo.updateUser(tx, locked.userId, { passwordHash });
      await credentialsChanged(tx, locked.userId, 'everywhere');
      return user!;
    });
  }

  async endSession(tokenHash: string): Promise<void> {
    await repo.deleteSession(this.db, tokenHash);
  }

  /**
   * Ends every session of the account, this one too: what a shopper does after signing in on a
   * shared or lost device. Whoever had that device may also have asked for a reset link, so those
   * are spent with the sessions.
   */
  async endEverySession(userId: string): Promise<void> {
    await this.db.transaction((tx) => credentialsChanged(tx, userId, 'everywhere'));
  }

  /**
   * Proves a change of email or password comes from the account's owner and not only from its
   * session (a shared computer, a stolen cookie): by the current password, or, for an account
   * that has none because it only ever signed in with Google, by a Google sign-in minutes ago.
   * A wrong password is a 400, not a 401, which the web app would take for a lost session.
   */
  private async confirmOwner(user: SessionUser, currentPassword: string | undefined, context: ProfileChangeContext) {
    const row = await repo.findPasswordHash(this.db, user.id);
    if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in');
    if (row.passwordHash === null) {
      // Such an account's every session began with a Google sign-in.
      const signedInRecently = await repo.sessionStartedWithin(
        this.db,
        context.sessionTokenHash,
        RECENT_SIGN_IN_MINUTES,
      );
      if (!signedInRecently) throw new AppError('FORBIDDEN', SIGN_IN_WITH_GOOGLE_AGAIN);
      return;
    }
    if (!currentPassword) throw currentPasswordProblem(CURRENT_PASSWORD_REQUIRED);
    // Counted before the check, so parallel guesses cannot all slip in under the limit.
    await context.countPasswordAttempt();
    if (!(await this.checkPassword(row.passwordHash, currentPassword))) {
      throw currentPasswordProblem(CURRENT_PASSWORD_WRONG);
    }
  }

  async updateProfile(user: SessionUser, update: ProfileUpdate, context: ProfileChangeContext): Promise<UserRow> {
    if (update.password !== undefined) checkPassword(update.password);
    // Any change of the stored address counts, capitals included: it is what the account shows.
    const changesEmail = update.email !== undefined && update.email !== user.email;
    const changesPassword = update.password !== undefined;
    if (changesEmail || changesPassword) await this.confirmOwner(user, update.currentPassword, context);
    if (update.email !== undefined && update.email.toLowerCase() !== user.email.toLowerCase()) {
      if (await repo.findUserByEmail(this.db, update.email)) throw emailTaken();
    }
    try {
      return await this.db.transaction(async (tx) => {
        const updated = await repo.updateUser(tx, user.id, {
          ...(update.name === undefined ? {} : { name: update.name }),
          ...(update.email === undefined ? {} : { email: update.email }),
          ...(update.password === undefined ? {} : { passwordHash: await hashPassword(update.password) }),
        });
        if (changesEmail || changesPassword) {
          // A new password also signs out every other device.
          await credentialsChanged(tx, user.id, changesPassword ? { except: context.sessionTokenHash } : 'nowhere');
        }
        return updated!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  async list(): Promise<UserRow[]> {
    return repo.listUsers(this.db);
  }

  /** A page of the accounts, newest first unless asked, and how many match: counted beside the page. */
  async page(query: AdminUserListQuery): Promise<AdminUserPage> {
    const filters = { q: query.q, isAdmin: query.role === undefined ? undefined : query.role === 'admin' };
    const [rows, total] = await Promise.all([
      repo.adminUserPage(this.db, {
        ...filters,
        sort: query.sort ?? 'createdAt',
        descending: (query.order ?? 'desc') === 'desc',
        ...pageWindow(query),
      }),
      repo.countAdminUsers(this.db, filters),
    ]);
    return listPage(rows.map(toAdminUser), query, total);
  }

  async get(id: string): Promise<UserRow> {
    const user = await repo.findUserById(this.db, id);
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  /**
   * An admin's edit of another account: a customer's name, email and admin flag, or an admin's
   * flag alone (taking their rights away; ADR 037). Nobody changes their own rights, and the store
   * always keeps one admin. Changes of the flag take every admin row's lock first, so two admins
   * demoting each other at the same moment queue: the second finds itself the last admin.
   */
  async adminUpdate(actor: SessionUser, id: string, update: AdminUserUpdate): Promise<UserRow> {
    const target = await this.get(id);
    // Checked again on the locked row below; first here, so a stale form hears that before anything it might fix.
    if (target.version !== update.version) throw staleUser(target);
    if (target.id === actor.id && update.isAdmin === false) throw new AppError('VALIDATION', OWN_ADMIN_RIGHTS);
    // An admin's name and email sent back as they are (the form sends every field) change nothing.
    const renames = update.name !== undefined && update.name !== target.name;
    const readdresses = update.email !== undefined && update.email !== target.email;
    if (target.isAdmin && (renames || readdresses)) throw new AppError('VALIDATION', 'Admin users cannot be edited');
    if (update.email !== undefined && update.email.toLowerCase() !== target.email.toLowerCase()) {
      if (await repo.findUserByEmail(this.db, update.email)) throw emailTaken();
    }
    try {
      return await this.db.transaction(async (tx) => {
        if (update.isAdmin !== undefined) await checkAdminChange(tx, actor, target, update.isAdmin);
        // After the admins' locks, which are taken first whenever rights change, never the other way round.
        const before = await repo.lockUser(tx, id);
        if (!before) throw new AppError('NOT_FOUND', 'User not found');
        if (before.version !== update.version) throw staleUser(before);
        const updated = (await repo.updateUser(
          tx,
          id,
          {
            ...(update.name === undefined ? {} : { name: update.name }),
            ...(update.email === undefined ? {} : { email: update.email }),
            ...(update.isAdmin === undefined ? {} : { isAdmin: update.isAdmin }),
          },
          update.version,
        ))!;
        if (updated.email !== before.email) await credentialsChanged(tx, id, 'nowhere');
        await recordAudit(tx, {
          actor,
          action: before.isAdmin === updated.isAdmin ? 'user.update' : 'user.role',
          entityId: id,
          label: updated.email,
          before: auditView(before),
          after: auditView(updated),
        });
        return updated;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /** Deleting an account ends its sessions (the foreign key cascades). Admin accounts are kept. */
  async delete(actor: SessionUser, id: string): Promise<void> {
    const target = await this.get(id);
    const deleted = target.isAdmin
      ? undefined
      : await this.db.transaction(async (tx) => {
          const row = await repo.deleteCustomer(tx, id);
          if (row) {
            await recordAudit(tx, {
              actor,
              action: 'user.delete',
              entityId: id,
              label: row.email,
              before: auditView(row),
            });
          }
          return row;
        });
    if (!deleted) {
      // Not deleted: an admin, or made one (or deleted) since it was read; say which it is now.
      if (!(await repo.findUserById(this.db, id))) throw new AppError('NOT_FOUND', 'User not found');
      throw new AppError('VALIDATION', ADMINS_NOT_DELETED);
    }
  }

  /** The signed-in shopper's address book, newest use first. */
  async addresses(user: SessionUser): Promise<SavedAddress[]> {
    return (await repo.listSavedAddresses(this.db, user.id)).map(toSavedAddress);
  }

  /**
   * The account's book read behind its lock, in one round trip: saves, edits and orders of one
   * account queue there, so two at once can neither pass the limit nor both add one address.
   */
  private async lockedBook(tx: Tx, userId: string): Promise<SavedAddressRow[]> {
    const pipeline = new Pipeline();
    const locked = lockAccount(pipeline, tx, userId);
    const book = pipeline.add(repo.listSavedAddresses(tx, userId));
    await pipeline.flush();
    if (!locked()) throw new AppError('UNAUTHORIZED', 'Please sign in');
    return book();
  }

  /**
   * Saves a recipient to the book. The same address again (capitals and spaces aside) is no second
   * entry: the one kept is marked used now and answered, with `created` false.
   */
  async saveAddress(user: SessionUser, input: SavedAddressInput): Promise<{ address: SavedAddress; created: boolean }> {
    await this.pincodes.checkAddress(input);
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const book = await this.lockedBook(tx, user.id);
      const same = book.find((row) => sameAddress(row, input));
      if (same) {
        const [used] = await repo.touchSavedAddress(tx, same.id, now);
        return { address: toSavedAddress(used!), created: false };
      }
      if (book.length >= ADDRESS_BOOK_LIMIT) throw new AppError('CONFLICT', ADDRESS_BOOK_FULL_MESSAGE);
      const [added] = await repo.insertSavedAddress(tx, user.id, addressValues(input), now);
      return { address: toSavedAddress(added!), created: true };
    });
  }

  /** Changes an entry of the shopper's own book; editing it is not using it, so its place in the list stays. */
  async updateAddress(user: SessionUser, id: string, input: SavedAddressInput): Promise<SavedAddress> {
    await this.pincodes.checkAddress(input);
    return this.db.transaction(async (tx) => {
      const book = await this.lockedBook(tx, user.id);
      if (!book.some((row) => row.id === id)) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
      if (book.some((row) => row.id !== id && sameAddress(row, input))) {
        throw new AppError('CONFLICT', ADDRESS_KEPT_ALREADY);
      }
      const updated = await repo.updateSavedAddress(tx, user.id, id, addressValues(input));
      return toSavedAddress(updated!);
    });
  }

  /** Another account's entry, or one already removed, is not found. */
  async removeAddress(user: SessionUser, id: string): Promise<void> {
    if (!(await repo.deleteSavedAddress(this.db, user.id, id))) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
  }
}

/**
 * For other modules' transactions: holds the account's row until the transaction ends, so work
 * that must not run twice at once for one account (placing orders) queues behind it. False when
 * no such account exists (deleted since the session was read).
 */
export function lockAccount(pipeline: Pipeline, tx: Tx, userId: string): Answer<boolean> {
  const locked = pipeline.add(repo.lockAccount(tx, userId));
  return () => locked().length > 0;
}

/** For an order's writes: the buyer's newly given mobile, offered at their next checkout. */
export function rememberMobile(writes: Pipeline, tx: Tx, userId: string, phone: string): void {
  writes.add(repo.setAccountPhone(tx, userId, phone));
}

/**
 * For an order's transaction (ADR 027): reads the account's address book into `locked`, the
 * pipeline that takes the account's lock before it. The answer adds to the order's `writes` the
 * one statement that keeps the order's address: the entry marked used now when the book has it
 * already (capitals and spaces aside), or a new entry. A full book is left as it is: an order never
 * drops a recipient the shopper kept, and the book's page says how to make room.
 */
export function rememberAddress(
  locked: Pipeline,
  tx: Tx,
  userId: string,
  address: SavedAddressInput,
): (writes: Pipeline, now: Date) => void {
  const book = locked.add(repo.listSavedAddresses(tx, userId));
  return (writes, now) => {
    const rows = book();
    const same = rows.find((row) => sameAddress(row, address));
    if (same) writes.add(repo.touchSavedAddress(tx, same.id, now));
    else if (rows.length < ADDRESS_BOOK_LIMIT) {
      writes.add(repo.insertSavedAddress(tx, userId, addressValues(address), now));
    }
  };
}

/** For checkout's guest who makes an account from their order: signed in as any new account is. */
export { createSession, setSessionCookie } from './users.sessions.js';

export const partnerPeople = repo.partnerPeople;
export const adminEmails = repo.adminEmails;

/** How long a partner's invitation lasts: a kitchen's people do not read their email every hour. */
export const PARTNER_INVITE_VALID_DAYS = 7;

/**
 * Makes an account one of a partner's people (issue 36) and emails them a single-use link to set
 * its password (a password reset link, valid for days), after which they sign in as anyone does.
 * An address with an account already joins as it is; an admin's, or another partner's person's,
 * is refused: one account, one role.
 */
export async function invitePartnerPerson(
  tx: Tx,
  person: { name: string; email: string },
  partner: { id: string; name: string },
  store: { url: string; host: string },
): Promise<UserRow> {
  const existing = await repo.lockUserByEmail(tx, person.email);
  if (existing?.isAdmin) {
    throw new AppError(
      'CONFLICT',
      "This email is an admin's account; a partner's person needs an account of their own",
    );
  }
  if (existing?.partnerId && existing.partnerId !== partner.id) {
    throw new AppError('CONFLICT', "This email is already one of another partner's people");
  }
  const user = existing
    ? (await repo.updateUser(tx, existing.id, { partnerId: partner.id }))!
    : await repo.insertUser(tx, { name: person.name, email: person.email, partnerId: partner.id });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PARTNER_INVITE_VALID_DAYS * 24 * 60 * 60_000);
  await repo.insertPasswordReset(tx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
  await enqueue(
    tx,
    {
      kind: 'partner_invite',
      recipient: user.email,
      payload: { name: user.name, partner: partner.name, validFor: `${PARTNER_INVITE_VALID_DAYS} days` },
      secret: { link: `${store.url}/reset-password?token=${token}` },
    },
    store.host,
  );
  return user;
}
