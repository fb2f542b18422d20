import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.js';
import { StoreDayContext } from '../lib/store-day.js';

// The toaster (sonner) is not part of the first page: pages that toast import sonner themselves,
// and a toast made before the toaster arrives shows once it does (sonner replays active toasts).
const AppToaster = lazy(() => import('../components/ui/toaster.js').then((m) => ({ default: m.AppToaster })));

/** True once the browser is idle after the first render, so the toaster never delays the page. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const settle = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(settle, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(settle, 0);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

function DeferredToaster() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

/** `today` is the IST day the server rendered the page for (lib/store-day.ts), if it rendered it. */
export function Providers({
  children,
  queryClient,
  today,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  today?: string;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // React has the page now (it hydrated the server's HTML, or rendered it): it answers taps and
  // typing. The browser tests wait for this mark before they act on a page.
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return (
    <StoreDayContext value={today ?? null}>
      <QueryClientProvider client={client}>
        {children}
        <DeferredToaster />
      </QueryClientProvider>
    </StoreDayContext>
  );
}
