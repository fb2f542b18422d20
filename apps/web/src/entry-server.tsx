import { StrictMode, type ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { ClientConfig, RenderStorefront } from '@store/contracts';
import { istDate } from '@store/domain';
import { clientConfigQuery } from './api/users.js';
import { Providers } from './app/providers.js';
import { routes } from './app/router.js';
import { prefetchCart } from './features/cart/cart-data.js';
import { prefetchHome } from './features/home/home-data.js';
import { prefetchListing } from './features/product-listing/listing-data.js';
import { prefetchProduct } from './features/product-detail/product-data.js';
import type { ApiGet } from './lib/api.js';
import { RenderRequestContext, type PagePrefetch } from './lib/server-render.js';
import { readPincodeCookie } from './stores/pincode-store.js';

/**
 * The storefront's public pages the server renders, by route path, with the data each needs first.
 * Every other page (signed-in ones, the wishlist kept in the browser, admin) is left to the browser.
 */
export const SERVER_RENDERED: Record<string, PagePrefetch | null> = {
  '/': prefetchHome,
  '/search/:keyword': prefetchHome,
  '/page/:pageNumber': prefetchHome,
  '/search/:keyword/page/:pageNumber': prefetchHome,
  '/products': prefetchListing,
  '/products/:keyword': prefetchListing,
  '/products/page/:pageNumber': prefetchListing,
  '/products/:keyword/page/:pageNumber': prefetchListing,
  '/product/:id': prefetchProduct,
  '/cart': prefetchCart,
  '/terms-and-conditions': null,
};

const handler = createStaticHandler(routes);

/** React's HTML for the element once everything in it has rendered (lazy parts too); an error anywhere rejects. */
function renderToHtml(element: ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // Nothing is streamed: the server falls back to the browser-rendered shell on any error, which
      // it can only do before the first byte is sent. So every Suspense boundary is written in
      // place: React would otherwise move large ones after the shell, to be put back by inline
      // scripts, which the store's Content-Security-Policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
    signal.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}

export const render: RenderStorefront = async ({ url, cookie, api, signal, now }) => {
  const location = new URL(url, 'http://storefront.invalid');
  const match = matchRoutes(routes, location.pathname)?.at(-1);
  const path = match?.route.path;
  if (!match || path === undefined || !(path in SERVER_RENDERED)) return null;

  // An answer the API refuses (an unknown product) will not change by asking again: the page is
  // left to the browser at once. So is one for a PIN code the API refuses (unknown, not served):
  // the page hydrates with the cookie's PIN code (usePincode), so rendering it without would only
  // be replaced, and the browser shows the refusal with a way to change the code.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The browser hydrates with this day, not its own clock's (lib/store-day.ts).
  const today = istDate(now);
  const get: ApiGet = async <T,>(apiPath: string) => (await api(apiPath)) as T;
  const [, , context] = await Promise.all([
    api('/api/config').then((config) => queryClient.setQueryData(clientConfigQuery.queryKey, config as ClientConfig)),
    SERVER_RENDERED[path]?.({
      queryClient,
      params: match.params,
      searchParams: location.searchParams,
      pincode: readPincodeCookie(cookie),
      today,
      get,
    }),
    // Loads the page's lazy module, so the page renders rather than its fallback.
    handler.query(new Request(location, { signal })),
  ]);
  if (context instanceof Response) return null;

  const html = await renderToHtml(
    <StrictMode>
      <RenderRequestContext value={{ cookie }}>
        <Providers queryClient={queryClient} today={today}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </Providers>
      </RenderRequestContext>
    </StrictMode>,
    signal,
  );
  return { html, state: { queries: dehydrate(queryClient), today } };
};
