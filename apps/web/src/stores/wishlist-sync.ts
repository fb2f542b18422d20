import { toast } from 'sonner';
import { WISHLIST_FULL, WISHLIST_MAX_PRODUCTS, type Wishlist } from '@store/contracts';
import {
  accountWishlist,
  addToAccountWishlist,
  mergeIntoAccountWishlist,
  removeFromAccountWishlist,
} from '../api/wishlist.js';
import { ApiError, errorMessage } from '../lib/api.js';
import { getUserInfo } from './user-store.js';
import { wishlistStore } from './wishlist-store.js';

/**
 * Keeps this browser's wishlist in step with a signed-in shopper's account. Calls to the account
 * run one at a time, in order; each answers the account's whole list, which becomes this
 * browser's copy unless another call waits behind it (its answer will be newer, and the hearts
 * clicked meanwhile must not blink off).
 */
let queue: Promise<void> = Promise.resolve();
let waiting = 0;

function withAccount(call?: () => Promise<Wishlist>): Promise<void> {
  const user = getUserInfo();
  if (!user) return Promise.resolve();
  const stillSignedIn = () => getUserInfo()?._id === user._id;
  const apply = ({ productIds }: Wishlist) => {
    if (waiting === 1 && stillSignedIn()) wishlistStore.set({ productIds, accountId: user._id });
  };
  waiting += 1;
  queue = queue.then(async () => {
    try {
      // A copy that does not follow this account yet (a guest's, or one from before accounts
      // kept wishlists) joins the account's list first, so nothing hearted here is lost.
      if (wishlistStore.get().accountId !== user._id) {
        apply(await mergeIntoAccountWishlist(wishlistStore.get().productIds));
        if (stillSignedIn()) wishlistStore.set((s) => ({ ...s, accountId: user._id }));
      }
      if (call) apply(await call());
    } catch (err) {
      // A 401 has signed the shopper out already; anything else is said, and the account's list
      // undoes the change it refused.
      if (err instanceof ApiError && err.status === 401) return;
      toast.error(errorMessage(err));
      await accountWishlist().then(apply, () => undefined);
    } finally {
      waiting -= 1;
    }
  });
  return queue;
}

/** At sign-in (password, registration, Google, reset link): this browser's list joins the account's. */
export function mergeWishlistAtSignIn(): Promise<void> {
  wishlistStore.set((s) => ({ ...s, accountId: null }));
  return withAccount();
}

/** The account's list as it is now (changed on another device, say); nothing for a guest. */
export const refreshWishlist = (): Promise<void> => withAccount(accountWishlist);

/** The heart: on or off at once here, then on the account when signed in. */
export function toggleWishlisted(productId: string): void {
  const { productIds } = wishlistStore.get();
  const on = productIds.includes(productId);
  if (!on && productIds.length >= WISHLIST_MAX_PRODUCTS) {
    toast.error(WISHLIST_FULL);
    return;
  }
  wishlistStore.set((s) => ({
    ...s,
    productIds: on ? s.productIds.filter((id) => id !== productId) : [productId, ...s.productIds],
  }));
  void withAccount(() => (on ? removeFromAccountWishlist(productId) : addToAccountWishlist(productId)));
}
