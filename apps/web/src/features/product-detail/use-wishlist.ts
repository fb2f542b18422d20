import { createStore } from '../../lib/store.js';

/** Product ids the shopper hearted; kept in this browser only (spec: "wishlist heart toggle (local only)"). */
const wishlist = createStore<string[]>([], {
  key: 'wishlist',
  revive: (stored) => (Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : []),
});

const toggle = (id: string): void =>
  wishlist.set((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));

export function useWishlisted(id: string): [boolean, () => void] {
  return [wishlist.use().includes(id), () => toggle(id)];
}
