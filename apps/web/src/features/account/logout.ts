import type { QueryClient } from '@tanstack/react-query';
import { apiFetch, setUnauthorizedHandler } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-client.js';
import { sidebarActions } from '../../app/layout/sidebar-store.js';
import { choosePincode } from '../../stores/pincode-store.js';
import { getUserInfo, setUserInfo } from '../../stores/user-store.js';
import { clearWishlist } from '../../stores/wishlist-store.js';

export interface LogoutDeps {
  /** Router navigation: `useNavigate()` in a component, `router.navigate` outside one. */
  navigate: (to: string) => unknown;
  /** Its cached user and order data are dropped, so the next person signing in never sees them. */
  queryClient?: QueryClient;
}

let pending: Promise<void> | undefined;

/**
 * Logout (spec section 4): tell the server, then forget everything local — user, cart, wishlist,
 * all of localStorage, cached user and order data — close the sidebar and go to /login. A failed server
 * call is only logged. Calls made while one is under way join it instead of starting another.
 */
export function logout(deps: LogoutDeps): Promise<void> {
  pending ??= run(deps).finally(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * True while a logout is under way. The route guards then wait instead of sending the shopper to
 * /login?redirect=…: logout's own way to /login is the one the spec asks for.
 */
export function isLoggingOut(): boolean {
  return pending !== undefined;
}

async function run({ navigate, queryClient }: LogoutDeps): Promise<void> {
  // The cart's store is not part of the first page (it comes with the cart's pricing rules). One
  // that cannot load was never loaded: no cart in memory then, and storage is cleared below.
  const resetCart = import('../../stores/cart-store.js').then(
    ({ cartActions }) => cartActions.reset(),
    () => undefined,
  );
  try {
    await apiFetch('/api/users/logout', { method: 'POST' });
  } catch (err) {
    console.warn('Logout request failed', err);
  }
  setUserInfo(null);
  await resetCart;
  clearWishlist();
  choosePincode(null);
  try {
    localStorage.clear();
  } catch {
    // Storage disabled: there is nothing kept in it either.
  }
  sidebarActions.close();
  await navigate('/login');
  // After leaving the page, so nothing still on screen asks for them again.
  queryClient?.removeQueries({ queryKey: queryKeys.users });
  queryClient?.removeQueries({ queryKey: queryKeys.orders });
}

/**
 * Any 401 from any API call logs out (spec section 4) — when someone is signed in: a guest's wrong
 * password is a 401 too, and must not wipe their cart. The logout call joins a logout under way,
 * so it cannot set off another. Returns the function that removes the handler.
 */
export function logOutOnUnauthorized(deps: LogoutDeps): () => void {
  setUnauthorizedHandler(() => {
    if (getUserInfo()) void logout(deps);
  });
  return () => setUnauthorizedHandler(undefined);
}
