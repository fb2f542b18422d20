import { createStore } from '../lib/store.js';

/** The spec's session user as kept in the browser (userInfo), with the time it stops being trusted. */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** One of a partner kitchen's, florist's or courier desk's people (/partner); absent before partners existed. */
  isPartner?: boolean;
  pincode?: string;
  /** The mobile given at the last checkout (+91…), offered at the next; null before any. */
  phone?: string | null;
  expirationTime: number;
}

/** A user as the API answers it: `{_id, name, email, isAdmin, isPartner, pincode, phone}`. */
export type SessionUser = Omit<UserInfo, 'expirationTime'>;

/** The session cookie lives 30 days (ADR 011); the stored user is trusted as long. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

// An expired session user is cleared on load (spec section 4), in this tab or when another tab writes it.
const user = createStore<UserInfo | null>(null, {
  key: 'userInfo',
  revive: (stored) => (stored && stored.expirationTime >= Date.now() ? stored : null),
});

export const setUserInfo = (next: UserInfo | null): void => user.set(next);

/** The signed-in user outside React (the 401 handler asks whether anyone is signed in). */
export const getUserInfo = (): UserInfo | null => user.get();

/**
 * Stores the user the server answered. Credentials merge into the stored user, keeping the
 * previous pincode if the new payload has none (spec section 4). A sign-in starts a new 30-day
 * expiry; a profile update passes the current one on.
 */
export function setCredentials(next: SessionUser, expirationTime = Date.now() + SESSION_LIFETIME_MS): void {
  const current = user.get();
  const previous = current?._id === next._id ? current : null;
  setUserInfo({ ...next, pincode: next.pincode || previous?.pincode || '', expirationTime });
}

export const useUserInfo = (): UserInfo | null => user.use();
