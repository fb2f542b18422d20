import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../lib/storage.js';

/** The spec's session user as kept in the browser (userInfo), with the time it stops being trusted. */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  pincode?: string;
  expirationTime: number;
}

/** A user as the API answers it: `{_id, name, email, isAdmin, pincode}`. */
export type SessionUser = Omit<UserInfo, 'expirationTime'>;

/** The session cookie lives 30 days (ADR 011); the stored user is trusted as long. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const STORAGE_KEY = 'userInfo';

function load(): UserInfo | null {
  const stored = readJson<UserInfo | null>(STORAGE_KEY, null);
  // An expired session user is cleared on load (spec section 4).
  if (stored && stored.expirationTime < Date.now()) {
    localStorage.removeItem(STORAGE_KEY);
    return null;
  }
  return stored;
}

let user: UserInfo | null = load();
const listeners = new Set<() => void>();

export function setUserInfo(next: UserInfo | null): void {
  user = next;
  if (next) writeJson(STORAGE_KEY, next);
  else localStorage.removeItem(STORAGE_KEY);
  for (const l of listeners) l();
}

/** The signed-in user outside React (the 401 handler asks whether anyone is signed in). */
export function getUserInfo(): UserInfo | null {
  return user;
}

/**
 * Stores the user the server answered. Credentials merge into the stored user, keeping the
 * previous pincode if the new payload has none (spec section 4). A sign-in starts a new 30-day
 * expiry; a profile update passes the current one on.
 */
export function setCredentials(next: SessionUser, expirationTime = Date.now() + SESSION_LIFETIME_MS): void {
  const previous = user?._id === next._id ? user : null;
  setUserInfo({ ...next, pincode: next.pincode || previous?.pincode || '', expirationTime });
}

export function useUserInfo(): UserInfo | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => user,
    () => user,
  );
}
