import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { STOREFRONT_STATE_ELEMENT_ID } from '@store/contracts';
import { Providers } from './app/providers.js';
import { routes } from './app/router.js';
import { seedClientConfig } from './api/users.js';
import { logOutOnUnauthorized } from './features/account/logout.js';
import { createQueryClient } from './lib/query-client.js';
import { keepPincodeCookie } from './stores/pincode-store.js';
import './index.css';

/**
 * The query cache the server rendered the page from, and the IST day it rendered it for, when it
 * rendered it (entry-server.tsx).
 */
function serverState(): { queries: DehydratedState; today: string } | null {
  const text = document.getElementById(STOREFRONT_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as { queries: DehydratedState; today: string };
  } catch {
    return null;
  }
}

/**
 * The page's lazy route modules, loaded before the router starts: a router that found them
 * missing would render its loading state over the server's HTML instead of hydrating it.
 */
async function loadRouteModules(): Promise<void> {
  const lazy = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<object>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

const queryClient = createQueryClient();
seedClientConfig(queryClient);
keepPincodeCookie();
// Field Core Web Vitals (ADR 043) after the page has loaded: none of it is the first page's script.
const landingPath = window.location.pathname;
const reportVitals = () =>
  void import('./lib/vitals-reporter.js').then((m) => m.reportWebVitals(queryClient, landingPath));
// A server-rendered page's script can start after the page has loaded (boot.ts).
if (document.readyState === 'complete') reportVitals();
else window.addEventListener('load', reportVitals, { once: true });

// Not awaited at the top level: the page's lazy module imports this entry chunk (React lives in
// it), and would wait for it to finish evaluating while it waited for the module.
async function start(root: HTMLElement): Promise<void> {
  const state = serverState();
  if (state) {
    // The data is as fresh as the page: counted from now, not from the server's clock, it is not
    // fetched again the moment the page hydrates.
    const now = Date.now();
    for (const query of state.queries.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state.queries);
    await loadRouteModules();
  }
  const router = createBrowserRouter(routes);
  // Any 401 from any API call ends a signed-in session (spec section 4); wired once, before any call.
  logOutOnUnauthorized({ navigate: (to) => router.navigate(to), queryClient });
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} today={state?.today}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap meanwhile is answered as soon as its part is hydrated.
  if (state) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
