import { useParams } from 'react-router';
import { Menu, Truck } from 'lucide-react';
import { CartButton } from './cart-button.js';
import { DeliverTo } from './deliver-to.js';
import { HeaderSearch } from './header-search.js';
import { Logo } from './logo.js';
import { sidebarActions, useSidebarState } from './sidebar-store.js';
import { UserMenu } from './user-menu.js';
import { WishlistLink } from './wishlist-link.js';

export function Header() {
  const { keyword = '' } = useParams();
  const { mobileOpen } = useSidebarState();

  return (
    <header>
      <p className="flex items-center justify-center gap-2 bg-neutral-900 px-4 py-2 text-center text-[0.6875rem] font-semibold tracking-[0.12em] text-white md:text-xs">
        <Truck className="size-4 shrink-0" aria-hidden="true" />
        <span>FREE SHIPPING ON ORDERS OVER ₹1000</span>
      </p>
      <div className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1.5 gap-y-2 px-3 py-2 sm:gap-x-2 md:h-14 md:flex-nowrap md:gap-x-6 md:px-6 md:py-0">
          <button
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={mobileOpen}
            onClick={() => sidebarActions.setMobileOpen(true)}
            className="-ml-1 grid size-10 place-items-center rounded-full text-neutral-800 hover:bg-neutral-100 md:hidden"
          >
            <Menu className="size-6" aria-hidden="true" />
          </button>
          {/* A smaller name on phones leaves room for the wishlist, cart and account icons beside it. */}
          <Logo className="max-sm:[&>span]:text-base max-sm:[&>svg]:size-7" />
          <DeliverTo className="hidden h-11 w-52 shrink-0 rounded-md px-2 hover:bg-neutral-100 xl:flex" />
          {/* Keyed by the route's keyword so the box shows the search that produced the page. */}
          <HeaderSearch
            key={keyword}
            initialKeyword={keyword}
            className="order-last w-full md:order-none md:mx-auto md:max-w-xl md:flex-1"
          />
          <div className="ml-auto flex items-center sm:gap-1 md:ml-0">
            <WishlistLink />
            <CartButton />
            <UserMenu />
          </div>
        </div>
        {/* Below the extra-large screens the row has no room for it: a bar of its own. */}
        <DeliverTo className="flex h-9 w-full border-t border-neutral-100 px-3 md:px-6 xl:hidden" />
      </div>
    </header>
  );
}
