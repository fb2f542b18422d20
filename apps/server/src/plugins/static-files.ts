import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded and demo images from DATA_DIR and the built web app. Hashed build assets never
 * change, so they are cached for a year; pages are always revalidated so a deployment shows at
 * once. Client-side routes get the app's HTML with their own head (title, share tags, structured
 * data); unknown /api paths stay JSON 404s.
 */
/** Answers a page path with the app's HTML, its head written for that page. */
export type PageRenderer = (pathname: string) => Promise<string>;

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
    maxAge: '30d',
  });

  const indexHtml = path.join(webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  const sendPage = async (pathname: string, reply: FastifyReply) => {
    await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await renderPage(pathname));
  };
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_req, reply) => sendPage('/', reply));

  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/uploads/');
    if (hasWeb && isPage) return sendPage(req.url.split('?')[0]!, reply);
    return reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
