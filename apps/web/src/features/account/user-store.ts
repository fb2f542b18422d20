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
