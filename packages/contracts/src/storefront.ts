/**
 * How the server renders a storefront page with the web app's own components (its server bundle,
 * apps/web/src/entry-server.tsx), in process: types only, so the server needs no web code to
 * build against it.
 */
export interface StorefrontRequest {
  /** The page's path and query string, `/products?category=Cakes`. */
  url: string;
  /** The request's Cookie header, for layout preferences only: the render is the same for everyone. */
  cookie: string;
  /**
   * Answers a GET of the store's catalogue API with what the API would send, parsed, without a
   * request: the page's data comes from the server's services. Throws what the API would refuse.
   */
  api(path: string): Promise<unknown>;
  /** Aborted when the render has taken too long; the render then rejects. */
  signal: AbortSignal;
  /**
   * The server's clock as the page is asked for: its day in India picks the seasonal menu and
   * banner, and the page's state carries that day for the browser to hydrate with.
   */
  now: Date;
}

export interface StorefrontPage {
  /** The markup of the app's root element. */
  html: string;
  /** What the browser hydrates from, written as JSON into STOREFRONT_STATE_ELEMENT_ID. */
  state: object;
}

/** Renders a page, or answers null for one the server leaves to the browser (signed-in pages, say). */
export type RenderStorefront = (request: StorefrontRequest) => Promise<StorefrontPage | null>;
