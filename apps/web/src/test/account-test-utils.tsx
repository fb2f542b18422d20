import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import type { ReactNode } from 'react';
import type { UserResponse } from '@store/contracts';

export const asha: UserResponse = {
  _id: '6b0d3c1e-2f4a-4b5c-8d6e-7f8091a2b3c4',
  name: 'Asha Menon',
  email: 'asha@example.com',
  isAdmin: false,
  isPartner: false,
  pincode: '',
  phone: null,
};

export type Answer = [status: number, body?: unknown];
export type Answers = Record<string, Answer | ((init: RequestInit) => Answer | Promise<Answer>)>;

/** fetch answering `'METHOD /path'` keys; anything else is a 500 naming the call. */
export function stubApi(answers: Answers) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const answer = answers[key];
    const [status, body] =
      typeof answer === 'function' ? await answer(init) : (answer ?? [500, { message: `unexpected ${key}` }]);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `'METHOD /path'`. */
export function sentBodies(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** Where the router is now, path and query, for assertions. */
export function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

/** Renders routes at `path` with a fresh query client; every other path shows <Where />. */
export function renderRoutes(
  path: InitialEntry,
  routes: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, client };
}
