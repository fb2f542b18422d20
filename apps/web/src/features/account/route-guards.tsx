import { Navigate, Outlet, useLocation } from 'react-router';
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
