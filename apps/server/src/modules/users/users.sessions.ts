import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import type { Db } from '../../db/client.js';
import { isDatabaseUnreachable } from '../../db/errors.js';
import * as repo from './users.repository.js';
import { secureCookie } from '../../lib/cookies.js';
import { runPeriodically } from '../../lib/periodic.js';

export const SESSION_COOKIE = 'session';
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Expired rows are deleted this often, a batch at a time, by every server process. */
export const SESSION_PURGE_EVERY_MS = 60 * 60 * 1000;
const SESSION_PURGE_BATCH = 1000;

/** What the tables keep of a session's or a reset link's token: its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque session for the user; the token is returned once and only its hash is kept. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
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
    secure: secureCookie(app, reply.request),
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(app, reply.request),
    path: '/',
  });
}

/**
 * Deletes expired sessions, `batchSize` rows per statement so no one statement holds locks on a
 * large part of the table. Processes purging at once skip each other's rows; a row one of them
 * skips is gone by the other's commit or the next run.
 */
export async function purgeExpiredSessions(db: Db, batchSize = SESSION_PURGE_BATCH): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await repo.deleteExpiredSessions(db, new Date(), batchSize);
    purged += deleted;
    if (deleted < batchSize) return purged;
  }
}

/** Every process purges on its own timer; the deletes are idempotent, so overlapping runs are harmless. */
function schedulePurge(app: FastifyInstance): void {
  runPeriodically(app, SESSION_PURGE_EVERY_MS, 'could not delete expired sessions', async () => {
    const purged = await purgeExpiredSessions(app.database.db);
    if (purged > 0) app.log.info({ purged }, 'deleted expired sessions');
  });
}

/** Reads the session cookie of every API request into `request.user`. */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionUnchecked', null);
  app.decorateRequest('sessionUnknown', false);
  schedulePurge(app);
  app.addHook('onRequest', async (req) => {
    // Only the API acts on who is signed in; pages, scripts and pictures would each cost a query.
    if (!req.url.startsWith('/api/')) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = hashToken(token);
    let user: Awaited<ReturnType<typeof repo.findSessionUser>>;
    try {
      user = await repo.findSessionUser(app.database.db, tokenHash, new Date());
    } catch (err) {
      if (!isDatabaseUnreachable(err)) throw err;
      req.sessionUnchecked = err as Error;
      return;
    }
    if (user) {
      req.user = user;
      req.sessionTokenHash = tokenHash;
    } else {
      req.sessionUnknown = true;
    }
  });
}
