import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { dehydrate, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StoreDayContext } from '../../../lib/store-day.js';
import { seasonQuery } from '../home-data.js';
import { HeroCarousel } from './hero-carousel.js';

const onDay = (day: string, client: QueryClient, children: ReactNode) => (
  <StoreDayContext value={day}>
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  </StoreDayContext>
);

/** Unmounted after each test: the carousel's autoplay would otherwise run on into the next files. */
const roots: Root[] = [];

/**
 * The hero as the server renders it on `serverDay` (its banner fetched first, as prefetchHome
 * does), hydrated as main.tsx does from the server's query cache, on `browserDay`. Notes any
 * mismatch React has to recover from.
 */
async function renderThenHydrate(serverDay: string, browserDay: string) {
  const server = new QueryClient();
  await server.fetchQuery(seasonQuery(serverDay));
  const container = document.createElement('div');
  container.innerHTML = renderToString(onDay(serverDay, server, <HeroCarousel />));
  document.body.append(container);

  const browser = new QueryClient();
  hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
  const mismatches: unknown[] = [];
  await act(async () => {
    roots.push(
      hydrateRoot(container, onDay(browserDay, browser, <HeroCarousel />), {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
  });
  return { mismatches, text: container.textContent };
}

// Hydration is awaited with React's act, as Testing Library does for the other component tests.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
});

describe("the hero at a window's edge", () => {
  it("hydrates with the day the server rendered: Christmas's first day, whatever the browser's clock", async () => {
    // Rendered just after midnight IST on 11 December, the window's first day; the browser's clock
    // may still say the 10th (a clock running late, a zone read wrongly), but the page hydrates
    // with the day that came with it (main.tsx).
    const { mismatches, text } = await renderThenHydrate('2026-12-11', '2026-12-11');
    expect(mismatches).toEqual([]);
    expect(text).toContain('Christmas gifts');
  });

  it('would not match were the browser to take its own day across the edge', async () => {
    const { mismatches } = await renderThenHydrate('2026-12-11', '2026-12-10');
    expect(mismatches).not.toEqual([]);
  });
});
