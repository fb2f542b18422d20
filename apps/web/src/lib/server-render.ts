import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiGet } from './api.js';

/**
 * What the server knows of the request whose page it renders: only the Cookie header, for
 * preferences kept in cookies (the sidebar's, the recipient's PIN code). Null in the browser, which
 * reads its own cookies. Nothing here names a shopper: the server's render is the same for everyone
 * with the same preferences.
 */
export interface RenderRequest {
  cookie: string;
}

export const RenderRequestContext = createContext<RenderRequest | null>(null);

/** A page's data, fetched into the query cache before the server renders it (entry-server.tsx). */
export type PagePrefetch = (page: {
  queryClient: QueryClient;
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  /** The recipient's PIN code from the request's cookie, '' when none: listings and rows ask for it. */
  pincode: string;
  /** The IST day the page is rendered for (lib/store-day.ts). */
  today: string;
  get: ApiGet;
}) => Promise<unknown>;
