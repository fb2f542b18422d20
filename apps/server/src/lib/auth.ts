import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

/**
 * What handlers use of the signed-in user, and nothing more: the password hash and the Google
 * subject never ride along on a request (a stray log line or serialisation cannot leak them).
 * Code that needs them reads them itself. The users module's session hook fills it.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The partner (kitchen, florist, courier desk) this person works for, or null (issue 36). */
  partnerId: string | null;
  pincode: string;
  /** The buyer's own mobile, kept from their last checkout; null until they give one. */
  phone: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    /** Hash of the session token this request came with, when it is a live session. */
    sessionTokenHash: string | null;
    /**
     * Why the session cookie could not be checked (the database was unreachable): the request
     * goes on as a guest's, which is all a catalogue read needs, while anything that needs the
     * shopper fails with this error rather than a 401 that would sign them out.
     */
    sessionUnchecked: Error | null;
    /** The request came with a session cookie that is no session (expired, or signed out). */
    sessionUnknown: boolean;
  }
}

/** The signed-in user of a request, or a 401 (which the web app answers by signing out). */
export function signedInUser(req: FastifyRequest): SessionUser {
  if (!req.user && req.sessionUnchecked) throw req.sessionUnchecked;
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return req.user;
}

/**
 * The signed-in user, or null for a guest (issue 35): only a request without a session cookie is
 * a guest's. One whose session could not be checked gets that error (503), and one whose cookie
 * names no session a 401, so a shopper signed out meanwhile is asked to sign in again rather than
 * taken for a guest.
 */
export function userOrGuest(req: FastifyRequest): SessionUser | null {
  if (req.user) return req.user;
  if (req.sessionUnchecked) throw req.sessionUnchecked;
  if (req.sessionUnknown) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return null;
}

/** Pre-handler of the partner's endpoints: one of a partner's people, or 403 (a customer, an admin). */
export async function partnerOnly(req: FastifyRequest): Promise<void> {
  if (!signedInUser(req).partnerId) throw new AppError('FORBIDDEN', "This needs a partner's account");
}

/** Pre-handler of uploads: admins' product pictures, and partners' photos of deliveries (issue 36). */
export async function adminOrPartner(req: FastifyRequest): Promise<void> {
  const user = signedInUser(req);
  if (!user.isAdmin && !user.partnerId) throw new AppError('FORBIDDEN', 'This needs an admin or a partner account');
}

/**
 * Pre-handler of every admin endpoint. A customer gets 403, not 401: the web app treats a 401 as
 * "your session is gone" and signs out, which would be wrong for someone who is signed in.
 */
export async function adminOnly(req: FastifyRequest): Promise<void> {
  if (!signedInUser(req).isAdmin) throw new AppError('FORBIDDEN', 'This needs an admin account');
}
