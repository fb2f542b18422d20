import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { ClientConfig } from '@store/contracts';
import { seedClientConfig } from '../../api/users.js';
import { stubApi, type Answer } from '../../test/account-test-utils.js';
import { DemoBanner } from './demo-banner.js';
import { RootLayout } from './root-layout.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const config = (demo: boolean, provider: 'simulated' | 'razorpay' = 'simulated'): ClientConfig => ({
  googleClientId: null,
  payments: { provider, keyId: provider === 'simulated' ? 'rzp_test_demo' : 'rzp_live_N8fX2kQ9pLm3Zt' },
  demo,
  vitalsSampleRate: demo ? 1 : 0.1,
  signInCodesByText: demo,
});

function renderStore(answer: Answer, path = '/') {
  stubApi({ 'GET /api/config': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/" element={<Link to="/cart">Go to the cart</Link>} />
            <Route path="/cart" element={<h1>Shopping Cart</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const banner = () => screen.queryByRole('status');

describe('the demo banner', () => {
  it('says payments are simulated on every page of a demo store', async () => {
    renderStore([200, config(true)]);
    await waitFor(() => expect(banner()?.textContent).toBe('Demo store: payments are simulated'));
    await userEvent.click(screen.getByRole('link', { name: 'Go to the cart' }));
    await screen.findByRole('heading', { name: 'Shopping Cart' });
    expect(banner()?.textContent).toBe('Demo store: payments are simulated');
    // Above the header, not over it: part of the page's flow.
    expect(banner()!.compareDocumentPosition(screen.getByRole('banner'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('says a demo store with a real gateway is for testing, without claiming payments are simulated', async () => {
    renderStore([200, config(true, 'razorpay')], '/cart');
    await waitFor(() => expect(banner()?.textContent).toBe('Demo store: for testing only'));
  });

  it('is absent from a real store, and when the settings cannot be read', async () => {
    renderStore([200, config(false, 'razorpay')], '/cart');
    await screen.findByRole('heading', { name: 'Shopping Cart' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/config', expect.anything()));
    await new Promise((r) => setTimeout(r, 50));
    expect(banner()).toBeNull();
    cleanup();

    stubApi({ 'GET /api/config': [503, { message: 'busy' }] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DemoBanner />
      </QueryClientProvider>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(banner()).toBeNull();
  });

  it('shows on the first render when the page carries the settings, asking the server nothing', () => {
    const fetchMock = stubApi({});
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'client-config';
    carried.textContent = JSON.stringify(config(true));
    document.head.append(carried);
    const client = new QueryClient();
    try {
      seedClientConfig(client);
    } finally {
      carried.remove();
    }
    render(
      <QueryClientProvider client={client}>
        <DemoBanner />
      </QueryClientProvider>,
    );
    expect(banner()?.textContent).toBe('Demo store: payments are simulated');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
