import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { passwordProblem } from '@store/domain';
import type {
  AdminUser,
  AdminUserUpdate,
  LoginInput,
  ProfileUpdate,
  RegisterInput,
  UserResponse,
} from '@store/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SessionUser } from '../../lib/auth.js';
import type { GoogleIdentity } from './users.google.js';
import { hashPassword, passwordMatches } from './users.passwords.js';
import { sessions, users } from './users.table.js';
import { isUniqueViolation } from '../../db/errors.js';

const INVALID_CREDENTIALS = 'Invalid email or password';
const EMAIL_TAKEN = 'An account with this email already exists';
const CURRENT_PASSWORD_REQUIRED = 'Current password is required to change your email or password';
const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';
/** How long after a Google sign-in an account without a password may change its email or set one. */
const RECENT_SIGN_IN_MINUTES = 10;
const SIGN_IN_WITH_GOOGLE_AGAIN =
  `Your account signs in with Google and has no password to confirm this change. ` +
  `Sign out, sign in with Google again, and make the change within ${RECENT_SIGN_IN_MINUTES} minutes.`;

/** A whole row of the users table, password hash included: never for a response as it is. */
export type UserRow = typeof users.$inferSelect;

export function toUserResponse(u: SessionUser): UserResponse {
  return { _id: u.id, name: u.name, email: u.email, isAdmin: u.isAdmin, pincode: u.pincode };
}

export function toAdminUser(u: UserRow): AdminUser {
  return { ...toUserResponse(u), createdAt: u.createdAt.toISOString(), googleLinked: u.googleSubject !== null };
}

/** A refusal about one field, named in `details` the way schema validation reports fields. */
const fieldProblem = (code: 'VALIDATION' | 'CONFLICT', field: string, message: string) =>
  new AppError(code, message, [{ field, message }]);

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw fieldProblem('VALIDATION', 'password', problem);
}

const currentPasswordProblem = (message: string) => fieldProblem('VALIDATION', 'currentPassword', message);
const emailTaken = () => fieldProblem('CONFLICT', 'email', EMAIL_TAKEN);

/** The session a profile change comes from, and the throttle on guesses of the current password. */
export interface ProfileChangeContext {
  sessionTokenHash: string;
  /** Counts one current-password attempt (and refuses with 429 over the limit) before it is checked. */
  countPasswordAttempt: () => Promise<void>;
}

export class UsersService {
  /** Verifying against this when no account matches keeps "no such email" as slow as "wrong password". */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly db: Db) {
    this.dummyHash = hashPassword('not-a-real-password');
  }

  private async findByEmail(email: string) {
    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return user;
  }

  async register(input: RegisterInput): Promise<UserRow> {
    checkPassword(input.password);
    if (await this.findByEmail(input.email)) throw emailTaken();
    try {
      const [user] = await this.db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash: await hashPassword(input.password) })
        .returning();
      return user!;
    } catch (err) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  async authenticate(input: LoginInput): Promise<UserRow> {
    const user = await this.findByEmail(input.email);
    const storedHash = user?.passwordHash ?? (await this.dummyHash);
    const ok = await passwordMatches(storedHash, input.password);
    if (!user?.passwordHash || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
    return user;
  }

  /**
   * Signs in with a verified Google identity: the account already linked to it, else the account
   * with its email (linked now, but only when Google has verified that address, so nobody can
   * take over an account by naming its email on an unverified Google account), else a new one.
   */
  async googleSignIn(identity: GoogleIdentity): Promise<UserRow> {
    const [linked] = await this.db.select().from(users).where(eq(users.googleSubject, identity.subject));
    if (linked) return linked;
    if (!identity.emailVerified) {
      throw new AppError('FORBIDDEN', 'Google has not verified this email address. Please sign in with your email.');
    }
    const existing = await this.findByEmail(identity.email);
    if (existing) {
      if (existing.googleSubject) {
        throw new AppError('CONFLICT', 'This email is linked to a different Google account');
      }
      const [updated] = await this.db
        .update(users)
        .set({ googleSubject: identity.subject, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      return updated!;
    }
    try {
      const [created] = await this.db
        .insert(users)
        .values({ name: identity.name, email: identity.email, googleSubject: identity.subject })
        .returning();
      return created!;
    } catch (err) {
      // The same Google account signing in twice at once: the other request created it.
      if (isUniqueViolation(err)) return this.googleSignIn(identity);
      throw err;
    }
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /**
   * Proves a change of email or password comes from the account's owner and not only from its
   * session (a shared computer, a stolen cookie): by the current password, or, for an account
   * that has none because it only ever signed in with Google, by a Google sign-in minutes ago.
   * A wrong password is a 400, not a 401, which the web app would take for a lost session.
   */
  private async confirmOwner(user: SessionUser, currentPassword: string | undefined, context: ProfileChangeContext) {
    const [row] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in');
    if (row.passwordHash === null) {
      // Such an account's every session began with a Google sign-in; the database's clock wrote createdAt.
      const [recent] = await this.db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(
          and(
            eq(sessions.tokenHash, context.sessionTokenHash),
            gt(sessions.createdAt, sql`now() - make_interval(mins => ${RECENT_SIGN_IN_MINUTES})`),
          ),
        );
      if (!recent) throw new AppError('FORBIDDEN', SIGN_IN_WITH_GOOGLE_AGAIN);
      return;
    }
    if (!currentPassword) throw currentPasswordProblem(CURRENT_PASSWORD_REQUIRED);
    // Counted before the check, so parallel guesses cannot all slip in under the limit.
    await context.countPasswordAttempt();
    if (!(await passwordMatches(row.passwordHash, currentPassword))) {
      throw currentPasswordProblem(CURRENT_PASSWORD_WRONG);
    }
  }

  async updateProfile(user: SessionUser, update: ProfileUpdate, context: ProfileChangeContext): Promise<UserRow> {
    if (update.password !== undefined) checkPassword(update.password);
    // Any change of the stored address counts, capitals included: it is what the account shows.
    const changesEmail = update.email !== undefined && update.email !== user.email;
    if (changesEmail || update.password !== undefined) await this.confirmOwner(user, update.currentPassword, context);
    if (update.email !== undefined && update.email.toLowerCase() !== user.email.toLowerCase()) {
      if (await this.findByEmail(update.email)) throw emailTaken();
    }
    try {
      return await this.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            ...(update.name === undefined ? {} : { name: update.name }),
            ...(update.email === undefined ? {} : { email: update.email }),
            ...(update.password === undefined ? {} : { passwordHash: await hashPassword(update.password) }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, user.id))
          .returning();
        // A new password signs out every other device.
        if (update.password !== undefined) {
          await tx
            .delete(sessions)
            .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, context.sessionTokenHash)));
        }
        return updated!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  async list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(desc(users.createdAt), users.id);
  }

  async get(id: string): Promise<UserRow> {
    const [user] = await this.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  /**
   * An admin's edit of a customer account (name, email, making them an admin). Admin accounts are
   * not edited here, which also means nobody can take away their own rights and lock the store out.
   */
  async adminUpdate(actor: SessionUser, id: string, update: AdminUserUpdate): Promise<UserRow> {
    const target = await this.get(id);
    if (target.id === actor.id && update.isAdmin === false) {
      throw new AppError('VALIDATION', 'You cannot remove your own admin rights');
    }
    if (target.isAdmin) throw new AppError('VALIDATION', 'Admin users cannot be edited');
    if (update.email !== undefined && update.email.toLowerCase() !== target.email.toLowerCase()) {
      if (await this.findByEmail(update.email)) throw emailTaken();
    }
    try {
      const [updated] = await this.db
        .update(users)
        .set({
          ...(update.name === undefined ? {} : { name: update.name }),
          ...(update.email === undefined ? {} : { email: update.email }),
          ...(update.isAdmin === undefined ? {} : { isAdmin: update.isAdmin }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (!updated) throw new AppError('NOT_FOUND', 'User not found');
      return updated;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    }
  }

  /** Deleting an account ends its sessions (the foreign key cascades). Admin accounts are kept. */
  async delete(id: string): Promise<void> {
    const target = await this.get(id);
    if (target.isAdmin) throw new AppError('VALIDATION', 'Admin users cannot be deleted');
    await this.db.delete(users).where(and(eq(users.id, id), eq(users.isAdmin, false)));
  }
}
