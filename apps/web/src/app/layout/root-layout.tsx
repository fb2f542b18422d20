import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { DemoBanner } from './demo-banner.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { Sidebar } from './sidebar.js';
import { TopMenu } from './top-menu.js';

/** The page scrolls to the top on every route change (spec "Route guards"). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const CartPanel = lazy(() => import('../../features/cart/cart-panel.js').then((m) => ({ default: m.CartPanel })));

/** The cart panel's code is fetched the first time the panel opens, keeping it off the first page. */
function DeferredCartPanel() {
  const open = useCartPanelOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow-lg"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DemoBanner />
        <Header />
        <TopMenu />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <DeferredCartPanel />
    </div>
  );
}
