import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { logout } from '../../features/account/logout.js';
import { useUserInfo } from '../../stores/user-store.js';

const AccountMenu = lazy(() => import('./account-menu.js'));

const iconClasses = 'grid size-10 place-items-center rounded-full text-neutral-800 hover:bg-neutral-100';

/** The header's user icon: a link to /login when signed out, the account menu when signed in. */
export function UserMenu() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!user) {
    return (
      <Link to="/login" aria-label="Sign in" className={iconClasses}>
        <UserRound className="size-6" aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Suspense fallback={<span className={iconClasses} aria-hidden="true" />}>
      <AccountMenu user={user} onLogout={() => void logout({ navigate, queryClient })} />
    </Suspense>
  );
}
