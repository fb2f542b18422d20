import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import {
  STOREFRONT_STATE_ELEMENT_ID,
  type RenderStorefront,
  type StorefrontPage,
  type StorefrontRequest,
} from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import { escapeJsonForScript } from './seo.head.js';

/**
 * Where `npm run build` puts the web app's server bundle (apps/web/vite.config.ts): inside the web
 * build, in a dot folder, which the static files never serve.
 */
export const STOREFRONT_BUNDLE = path.join('.server', 'entry-server.js');

const ROOT_ELEMENT = '<div id="root"></div>';

const WINDOW_MS = 1_000;
/**
 * Renders a second let through whatever they took: a quiet store renders every page a visitor
 * opens, even the first ones after a start, which run cold code and can take a budget's worth each.
 */
const RENDERS_ALWAYS_LET_THROUGH = 4;

/**
 * Whether another page may be rendered in this second, given the time renders have taken in it
 * (`spent`): at most `msPerSecond` (SERVER_RENDER_MS_PER_SECOND; 1,000, the whole second, sets no
 * limit). A render takes about ten times the CPU of sending the page to render in the browser;
 * past the budget pages go to the browser until the next second, so the API, orders and
 * everything else keep their pace however many pages are asked for (ADR 049). The budget is a
 * time, not a count of pages: 50 pages a second took half of each second at 10 ms a render, and
 * all of it on a machine a third as fast, where orders then waited behind the renders (ADR 060).
 */
export function renderBudget(msPerSecond: number, now: () => number = () => performance.now()) {
  let windowStart = now();
  let spentMs = 0;
  let renders = 0;
  const inWindow = () => {
    if (now() - windowStart >= WINDOW_MS) {
      windowStart = now();
      spentMs = 0;
      renders = 0;
    }
  };
  return {
    mayRender(): boolean {
      // The whole second is no limit: a long render would otherwise count against the next one.
      if (msPerSecond >= WINDOW_MS) return true;
      inWindow();
      return renders < RENDERS_ALWAYS_LET_THROUGH || spentMs < msPerSecond;
    },
    spent(ms: number): void {
      inWindow();
      spentMs += ms;
      renders += 1;
    },
  };
}

/** The web app's server render, or null when the web build has none (a test's stand-in build). */
export async function loadStorefrontRenderer(webDistDir: string): Promise<RenderStorefront | null> {
  const file = path.join(webDistDir, STOREFRONT_BUNDLE);
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as { render: RenderStorefront };
  return bundle.render;
}

/**
 * Renders a page within `budgetMs`, or answers null: the page is then the browser-rendered shell,
 * as before the server rendered pages, so a shopper always gets one. Refusals the API would have
 * sent (an unknown product, a search over its limit) are no fault; anything else is logged.
 */
export async function renderWithin(
  render: RenderStorefront,
  request: Omit<StorefrontRequest, 'signal'>,
  budgetMs: number,
  log: FastifyBaseLogger,
): Promise<StorefrontPage | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`the render took longer than ${budgetMs} ms`)), budgetMs);
  // The render is told to stop, but data it waits on may not listen: the page is not kept waiting.
  const overrun = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  try {
    return await Promise.race([render({ ...request, signal: controller.signal }), overrun]);
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) {
      log.debug({ url: request.url, code: err.code }, 'page left to the browser: the API refuses its data');
    } else {
      log.warn({ err, url: request.url }, 'server render failed; sent the page to render in the browser');
    }
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the app's HTML has the empty root element a rendered page goes into. */
export const holdsPage = (indexHtml: string): boolean => indexHtml.includes(ROOT_ELEMENT);

/** The app's HTML with the rendered page in its root element and the state it hydrates from. */
export function withStorefrontPage(indexHtml: string, page: StorefrontPage): string {
  const state = `<script type="application/json" id="${STOREFRONT_STATE_ELEMENT_ID}">${escapeJsonForScript(page.state)}</script>`;
  // A replacer function: `$&` and the like in a product's name must stay as they are.
  return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>\n    ${state}`);
}
