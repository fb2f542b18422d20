import type { UserResponse } from '@store/contracts';
import { setCredentials } from './user-store.js';
import { mergeWishlistAtSignIn } from './wishlist-sync.js';

/**
 * Every sign-in (password, registration, Google, a password reset link): the session user is
 * kept, and the wishlist hearted in this browser joins the account's.
 */
export function signedIn(user: UserResponse): void {
  setCredentials(user);
  void mergeWishlistAtSignIn();
}
