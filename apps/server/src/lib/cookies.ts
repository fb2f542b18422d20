import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Secure whenever the request came over HTTPS (`req.protocol` reads X-Forwarded-Proto when
 * TRUST_PROXY is set), so a development server behind a TLS proxy still marks it. Over plain
 * http only development leaves Secure off, so a local demo can sign in; anywhere else plain http
 * at the server most likely means a TLS proxy TRUST_PROXY was not told about, and a cookie
 * without Secure would then also travel over any plain http request to the site.
 */
export function secureCookie(app: FastifyInstance, req: FastifyRequest): boolean {
  return req.protocol === 'https' || app.config.nodeEnv !== 'development';
}

const DEVICE_COOKIE = 'device';
const DEVICE_PATH = '/api/coupons';
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const DEVICE_DAYS = 30;

/**
 * A guest's device for the coupon-guessing limit (ADR 067): a random id in a cookie sent to the
 * coupon routes only, given when the request brings none of ours. It is a label, not a proof:
 * a client that makes up or drops its id is a new device, which the per-address backstop bounds.
 */
export function guestDevice(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): string {
  const sent = req.cookies[DEVICE_COOKIE];
  if (sent && DEVICE_ID.test(sent)) return sent;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(app, req),
    path: DEVICE_PATH,
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  });
  return id;
}
