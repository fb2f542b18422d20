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
