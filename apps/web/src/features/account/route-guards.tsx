import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useGuestCheckout } from '../../stores/guest-store.js';
import { isLoggingOut } from './logout.js';
import { withRedirect } from '../../lib/redirect.js';
import { useUserInfo } from '../../stores/user-store.js';

/** /login?redirect=<this page>, so signing in comes back here. */
function useLoginRedirect(): string {
  const { pathname, search } = useLocation();
  return withRedirect('/login', pathname + search);
}

/** A guest is sent to sign in; a user signing out right now is already on the way to /login. */
function SignInFirst({ to }: { to: string }) {
  return isLoggingOut() ? null : <Navigate to={to} replace />;
}

/** The signed-in group (profile, and later shipping, payment, place order, order): guests go to sign in. */
export function RequireUser() {
  const user = useUserInfo();
  const login = useLoginRedirect();
  return user ? <Outlet /> : <SignInFirst to={login} />;
}

/** Checkout: a signed-in shopper, or a guest who chose to check out without an account (issue 35). */
export function RequireCheckout() {
  const user = useUserInfo();
  const guest = useGuestCheckout();
  const login = useLoginRedirect();
  return user || guest ? <Outlet /> : <SignInFirst to={login} />;
}

/** An order's page: its owner signed in, or a guest holding its link's token (the server decides which it is). */
export function RequireOrderAccess() {
  const user = useUserInfo();
  const [params] = useSearchParams();
  const login = useLoginRedirect();
  return user || params.get('token') ? <Outlet /> : <SignInFirst to={login} />;
}

/**
 * The admin group: guests go to sign in and come back. A signed-in shopper who is not an admin
 * goes home instead — sent to /login with a redirect, the sign-in page (which sends signed-in
 * users on) would send them straight back here, round and round.
 */
export function RequireAdmin() {
  const user = useUserInfo();
  const login = useLoginRedirect();
  if (!user) return <SignInFirst to={login} />;
  return user.isAdmin ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * The partner's screen (issue 36): guests go to sign in and come back; anyone else signed in goes
 * home, for the reason RequireAdmin does.
 */
export function RequirePartner() {
  const user = useUserInfo();
  const login = useLoginRedirect();
  if (!user) return <SignInFirst to={login} />;
  return user.isPartner ? <Outlet /> : <Navigate to="/" replace />;
}
