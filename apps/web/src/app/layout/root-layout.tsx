import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useIsWide } from '../../lib/media-query.js';
import { useCartPanelOpen } from '../../stores/cart-panel-store.js';
import { usePincodeDialogOpen } from '../../stores/pincode-store.js';
import { DemoBanner } from './demo-banner.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { ScrollPositions } from './scroll-positions.js';
import { Sidebar } from './sidebar.js';

const TopMenu = lazy(() => import('./top-menu.js').then((m) => ({ default: m.TopMenu })));
const CartPanel = lazy(() => import('../../features/cart/cart-panel.js').then((m) => ({ default: m.CartPanel })));
const PincodeDialog = lazy(() => import('./pincode-dialog.js').then((m) => ({ default: m.PincodeDialog })));

/**
 * A panel or dialog whose code is fetched the first time it opens, keeping it off the first page
 * (the cart panel, the 'Deliver to' dialog); it stays mounted after, to close as it should.
 */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

const DeferredCartPanel = () => (
  <OnceOpened open={useCartPanelOpen()}>
    <CartPanel />
  </OnceOpened>
);

const DeferredPincodeDialog = () => (
  <OnceOpened open={usePincodeDialogOpen()}>
    <PincodeDialog />
  </OnceOpened>
);

/**
 * The top menu (Radix's navigation menu) is hidden on phones, so its code loads only on wider
 * screens, after the first render, into an empty bar of its height: nothing below it moves.
 */
function DeferredTopMenu() {
  const wide = useIsWide();
  const bar = (
    <div className="hidden border-b border-neutral-200 bg-white md:block">
      <div className="h-11" />
    </div>
  );
  if (!wide) return bar;
  return (
    <Suspense fallback={bar}>
      <TopMenu />
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
      <ScrollPositions />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <DemoBanner />
        <Header />
        <DeferredTopMenu />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <DeferredCartPanel />
      <DeferredPincodeDialog />
    </div>
  );
}
