import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../lib/storage.js';

/** Product ids the shopper hearted; kept in this browser only (spec: "wishlist heart toggle (local only)"). */
const STORAGE_KEY = 'wishlist';

let ids: string[] = readJson<string[]>(STORAGE_KEY, []);
const listeners = new Set<() => void>();

function toggle(id: string): void {
  ids = ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];
  writeJson(STORAGE_KEY, ids);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWishlisted(id: string): [boolean, () => void] {
  const list = useSyncExternalStore(
    subscribe,
    () => ids,
    () => ids,
  );
  return [list.includes(id), () => toggle(id)];
}
