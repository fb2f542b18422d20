import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { pictureCacheControl } from '../lib/image-store.js';
import { PAGE_READ_COST } from '../lib/read-turns.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** The web build's folder of hashed files (Vite's `assets`). */
const ASSETS_DIR = 'assets';

/** Answers a page request with the app's HTML, written for that page. */
export type PageRenderer = (req: FastifyRequest) => Promise<string>;

/**
 * Serves uploaded and demo images from DATA_DIR and the built web app. Hashed build assets and
 * pictures named by their content never change, so they are cached for a year; pages are always
 * revalidated so a deployment shows at once. Client-side routes get the app's HTML with their own
 * head (title, share tags, structured data); unknown /api paths stay JSON 404s.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  uploadsDir: string,
  webDistDir: string,
  renderPage: PageRenderer,
) {
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', pictureCacheControl(filePath));
    },
  });

  const indexHtml = path.join(webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      // The build's files, found once at start, each get a route of their own. A wildcard route
      // sent every page (a product's HTML, a listing) to the disk first: a directory read and two
      // stats on the thread pool before the page was rendered (ADR 060).
      wildcard: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDistDir, ASSETS_DIR) + path.sep);
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
    // Every other GET is a page of the app, answered by a route (so compressed like any answer)
    // without asking the disk first. An unknown API path stays a JSON 404 (a missing picture is
    // answered by the uploads' own route), and so does a build file that is not there: a tab
    // opened before a deployment asks for the old build's chunks, and HTML sent as one fails as a
    // script with a MIME-type error that hides what is missing.
    app.get('/*', { schema: { hide: true }, config: { readCost: PAGE_READ_COST } }, async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url.startsWith(`/${ASSETS_DIR}/`)) return reply.callNotFound();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(await renderPage(req));
    });
  }

  app.setNotFoundHandler(async (req, reply) =>
    reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' }),
  );
}
