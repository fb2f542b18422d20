import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import {
  ChevronDown,
  ClipboardList,
  Gauge,
  History,
  LayoutDashboard,
  LogOut,
  Mail,
  Package,
  TicketPercent,
  Truck,
  User,
  Users,
} from 'lucide-react';
import type { UserInfo } from '../../stores/user-store.js';

const ADMIN_LINKS = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/productlist', label: 'Products', icon: Package },
  { to: '/admin/orderlist', label: 'Orders', icon: ClipboardList },
  { to: '/admin/deliveries', label: 'Deliveries', icon: Truck },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent },
  { to: '/admin/outbox', label: 'Email outbox', icon: Mail },
  { to: '/admin/vitals', label: 'Web vitals', icon: Gauge },
  { to: '/admin/audit', label: 'Audit', icon: History },
  { to: '/admin/userlist', label: 'Users', icon: Users },
] as const;

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-neutral-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

/**
 * The signed-in shopper's menu; loaded only once someone signs in, so guests never download it.
 * Logout itself lives with the app shell (the 401 handler needs it too); the menu only calls it.
 */
export default function AccountMenu({ user, onLogout }: { user: UserInfo; onLogout: () => void }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named by its content, not aria-label, so the name shown on wide screens is part of it. */}
      <DropdownMenu.Trigger className="flex h-10 items-center gap-2 rounded-full pr-2 pl-1 text-sm font-medium text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100">
        <span className="sr-only">Account menu for </span>
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
        >
          {initial}
        </span>
        <span className="sr-only lg:not-sr-only">
          <span className="block max-w-32 truncate">{user.name}</span>
        </span>
        <ChevronDown className="hidden size-4 text-neutral-500 md:block" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-neutral-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="flex items-center gap-3 px-2 py-2">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-700"
            >
              {initial}
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-neutral-900">{user.name}</span>
              <span className="block truncate text-xs text-neutral-600">{user.email}</span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/profile">
              <User className="size-4" aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          {user.isPartner ? (
            <DropdownMenu.Item asChild className={itemClasses}>
              <Link to="/partner">
                <ClipboardList className="size-4" aria-hidden="true" />
                Partner orders
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {user.isAdmin ? (
            <DropdownMenu.Group aria-label="Admin">
              <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
              <DropdownMenu.Label className="px-2 pt-1 pb-0.5 text-[0.6875rem] font-semibold tracking-wider text-neutral-600 uppercase">
                Admin
              </DropdownMenu.Label>
              {ADMIN_LINKS.map(({ to, label, icon: Icon }) => (
                <DropdownMenu.Item key={to} asChild className={itemClasses}>
                  <Link to={to}>
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </Link>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
