import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { changesState } from '../lib/http-methods.js';

/**
 * The only third parties the browser may talk to: Razorpay Checkout (payments) and Google
 * Identity Services (sign-in). Everything else is the store itself.
 */
const RAZORPAY = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];
const GOOGLE_SIGN_IN = ['https://accounts.google.com/gsi/'];

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${[...RAZORPAY, 'https://accounts.google.com/gsi/client'].join(' ')}`,
  // Radix, Embla and the toasts position things with inline styles; no inline scripts are allowed.
  `style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style`,
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self'",
  `connect-src 'self' ${[...RAZORPAY, 'https://lumberjack.razorpay.com', ...GOOGLE_SIGN_IN].join(' ')}`,
  `frame-src ${[...RAZORPAY, ...GOOGLE_SIGN_IN].join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers every response carries, and the defences against cross-site requests that SameSite
 * cookies alone leave open: a state-changing request whose Origin names another site is refused,
 * and bodies are JSON only, so an HTML form on another site cannot post to the API.
 */
export function registerSecurity(app: FastifyInstance): void {
  const production = app.config.nodeEnv === 'production';
  const trustedOrigins = new Set([new URL(app.config.publicUrl).origin]);

  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (req, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    // Google's sign-in pop-up must be able to report back to the page that opened it.
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com")',
    );
    // HSTS is honoured only when a browser gets it over HTTPS, so it follows the request's scheme
    // (X-Forwarded-Proto under TRUST_PROXY). Production sends it regardless: plain http there most
    // likely means a TLS proxy TRUST_PROXY was not told about, and browsers ignore it on real http.
    if (production || req.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }

    const origin = req.headers.origin;
    if (!changesState(req.method) || origin === undefined) return;
    const sameHost = (() => {
      try {
        // Parse the Host header with the origin's scheme so default ports compare equal.
        const from = new URL(origin);
        return from.host === new URL(`${from.protocol}//${req.headers.host ?? ''}`).host;
      } catch {
        return false;
      }
    })();
    if (!sameHost && !trustedOrigins.has(origin)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
  });
}
