import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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

/** How busy the process's thread may have been over the last second for pages still to render. */
const BUSY_UTILIZATION = 0.9;
const LOAD_SAMPLE_MS = 1_000;

/**
 * Whether the process's one thread was busy (at least 90 % of the last second): a render takes
 * about ten times the CPU of sending the page to render in the browser, so past that point pages
 * go to the browser and the API keeps its pace (ADR 049). Judged from when the store is up, so
 * starting up is not taken for load.
 */
export function watchBusy(app: FastifyInstance): () => boolean {
  let busy = false;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    let last = performance.eventLoopUtilization();
    timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(now, last).utilization >= BUSY_UTILIZATION;
      last = now;
    }, LOAD_SAMPLE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  return () => busy;
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

/** The app's HTML with the rendered page in its root element and the state it hydrates from. */
export function withStorefrontPage(indexHtml: string, page: StorefrontPage): string | null {
  if (!indexHtml.includes(ROOT_ELEMENT)) return null;
  const state = `<script type="application/json" id="${STOREFRONT_STATE_ELEMENT_ID}">${escapeJsonForScript(page.state)}</script>`;
  // A replacer function: `$&` and the like in a product's name must stay as they are.
  return indexHtml.replace(ROOT_ELEMENT, () => `<div id="root">${page.html}</div>\n    ${state}`);
}
