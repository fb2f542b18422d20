import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { sessions, users } from '../modules/users/users.table.js';

export const SESSION_COOKIE = 'session';
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** Hash of the session token this request came with, when it is a live session. */
    sessionTokenHash: string | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque session for the user; the token is returned once and only its hash is kept. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
  });
  return token;
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.nodeEnv !== 'development',
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.nodeEnv !== 'development',
    path: '/',
  });
}

/** Reads the session cookie of every API request into `request.user`. */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('onRequest', async (req) => {
    // Only the API acts on who is signed in; pages, scripts and pictures would each cost a query.
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = hashToken(token);
    const [row] = await app.database.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())));
    if (row) {
      req.user = row.user;
      req.sessionTokenHash = tokenHash;
    }
  });
}

/** The signed-in user of a request, or a 401 (which the web app answers by signing out). */
export function signedInUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return req.user;
}

/**
 * Pre-handler of every admin endpoint. A customer gets 403, not 401: the web app treats a 401 as
 * "your session is gone" and signs out, which would be wrong for someone who is signed in.
 */
export async function adminOnly(req: FastifyRequest): Promise<void> {
  if (!signedInUser(req).isAdmin) throw new AppError('FORBIDDEN', 'This needs an admin account');
}
