import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.js';
import { router } from './app/router.js';
import { seedClientConfig } from './api/users.js';
import { logOutOnUnauthorized } from './features/account/logout.js';
import { createQueryClient } from './lib/query-client.js';
import './index.css';

const queryClient = createQueryClient();
seedClientConfig(queryClient);
// Any 401 from any API call ends a signed-in session (spec section 4); wired once, before any call.
logOutOnUnauthorized({ navigate: (to) => router.navigate(to), queryClient });
// Field Core Web Vitals (ADR 043) after the page has loaded: none of it is the first page's script.
const landingPath = window.location.pathname;
window.addEventListener(
  'load',
  () => void import('./lib/vitals-reporter.js').then((m) => m.reportWebVitals(queryClient, landingPath)),
  { once: true },
);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
