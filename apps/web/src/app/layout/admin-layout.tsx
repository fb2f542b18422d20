import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  ClipboardList,
  Cake,
  Gauge,
  History,
  LayoutDashboard,
  Mail,
  Menu,
  Package,
  Store,
  TicketPercent,
  Truck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn.js';
import { DemoBanner } from './demo-banner.js';
import { Logo } from './logo.js';
import { ScrollPositions } from './scroll-positions.js';
import { UserMenu } from './user-menu.js';

interface AdminScreen {
  to: string;
  /** As the screen's own heading says it. */
  label: string;
  icon: LucideIcon;
  /** Where else in the admin an address belongs to this screen: its pages and edit forms. */
  within: readonly string[];
}

/** The admin screens in the side navigation. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, within: [] },
  { to: '/admin/orderlist', label: 'Orders', icon: ClipboardList, within: [] },
  { to: '/admin/productlist', label: 'Products', icon: Package, within: ['/admin/productlist/', '/admin/product/'] },
  { to: '/admin/userlist', label: 'Users', icon: Users, within: ['/admin/user/'] },
  { to: '/admin/coupons', label: 'Coupons', icon: TicketPercent, within: ['/admin/coupon/'] },
  { to: '/admin/deliveries', label: 'Deliveries', icon: Truck, within: ['/admin/deliveries/'] },
  { to: '/admin/partners', label: 'Partners', icon: Cake, within: [] },
  { to: '/admin/outbox', label: 'Email outbox', icon: Mail, within: [] },
  { to: '/admin/vitals', label: 'Web vitals', icon: Gauge, within: [] },
  { to: '/admin/audit', label: 'Audit', icon: History, within: [] },
];

const isOn = (screen: AdminScreen, path: string) =>
  path === screen.to || screen.within.some((prefix) => path.startsWith(prefix));

const linkClasses =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700';

/**
 * The admin screens' own frame (ADR 085): a slim header (the store's name, home; the account
 * menu) and a side navigation of the screens with the current one marked, in place of the shop's
 * categories and footer. On a phone the navigation folds under a menu button at the header's start,
 * as the shop's does, and opens above the screen, pushing it down; it closes again on the way to
 * another screen.
 */
export function AdminLayout() {
  const path = useLocation().pathname.replace(/(.)\/$/, '$1');
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(path);
  if (openOn !== path) {
    setOpenOn(path);
    setOpen(false);
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <ScrollPositions />
      <div className="print:hidden">
        <DemoBanner />
      </div>
      <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white print:hidden">
        <div className="flex h-14 items-center gap-2 px-3 md:px-6">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="admin-nav"
            onClick={() => setOpen(!open)}
            className="-ml-1 grid size-10 shrink-0 place-items-center rounded-full text-neutral-800 hover:bg-neutral-100 md:hidden"
          >
            {open ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
            <span className="sr-only">Admin menu</span>
          </button>
          <Logo className="max-sm:[&>span]:text-base max-sm:[&>svg]:size-7" />
          <span className="rounded-full bg-neutral-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white">
            Admin
          </span>
          <div className="ml-auto">
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id="admin-nav"
          aria-label="Admin"
          className={cn(
            'border-b border-neutral-200 bg-neutral-50 px-3 py-3 md:sticky md:top-14 md:block md:h-[calc(100vh-3.5rem)] md:w-56 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0 print:hidden',
            open ? 'block' : 'hidden',
          )}
        >
          <ul className="flex flex-col gap-0.5">
            {ADMIN_SCREENS.map((screen) => (
              <li key={screen.to}>
                <Link to={screen.to} aria-current={isOn(screen, path) ? 'page' : undefined} className={linkClasses}>
                  <screen.icon className="size-4 shrink-0" aria-hidden="true" />
                  {screen.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-neutral-200 pt-3">
            <Link to="/" className={linkClasses}>
              <Store className="size-4 shrink-0" aria-hidden="true" />
              Back to the shop
            </Link>
          </div>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
