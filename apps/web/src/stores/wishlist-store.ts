import { createStore } from '../lib/store.js';

/**
 * The products the shopper hearted, newest first, kept in this browser (spec: local storage).
 * Once signed in it is a copy of the account's list, and `accountId` names that account; a
 * guest's copy (null) joins the account's at sign-in (stores/wishlist-sync.ts).
 */
export interface WishlistState {
  productIds: string[];
  accountId: string | null;
}

const empty = (): WishlistState => ({ productIds: [], accountId: null });

const isText = (v: unknown): v is string => typeof v === 'string';

/** A stored list from before accounts kept wishlists is a bare array of ids: a guest's. */
function revive(stored: unknown): WishlistState {
  if (Array.isArray(stored)) return { productIds: stored.filter(isText), accountId: null };
  if (typeof stored !== 'object' || stored === null) return empty();
  const { productIds, accountId } = stored as Record<string, unknown>;
  return {
    productIds: Array.isArray(productIds) ? productIds.filter(isText) : [],
    accountId: isText(accountId) ? accountId : null,
  };
}

export const wishlistStore = createStore<WishlistState>(empty, { key: 'wishlist', revive });

/** The hearted product ids, newest first. */
export const useWishlist = (): string[] => wishlistStore.use().productIds;

/** Products that no longer exist leave the list (an account's has dropped them already). */
export function forgetWishlisted(gone: readonly string[]): void {
  if (gone.length === 0) return;
  wishlistStore.set((s) => ({ ...s, productIds: s.productIds.filter((id) => !gone.includes(id)) }));
}

/** At logout: the account's list stays with the account, and nothing of it in this browser. */
export const clearWishlist = (): void => wishlistStore.set(empty());
