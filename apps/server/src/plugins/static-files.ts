import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/**
 * A picture whose name changes whenever its content does: an upload's uuid, or a demo picture's
 * content hash (`<slug>.<hash>-detail.webp`, given at seeding; ADR 042).
 */
const NEVER_CHANGES =
  /(?:\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\.[0-9a-f]{10})(?:-thumb|-detail)?\.(?:jpg|png|webp|avif)$/;
/** Any other picture, such as a demo picture seeded before names had hashes, is checked daily. */
const REVALIDATED_DAILY = 'public, max-age=86400';

/**
 * Serves uploaded and demo images from DATA_DIR and the built web app. Hashed build assets and
 * pictures named by their content never change, so they are cached for a year; pages are always
 * revalidated so a deployment shows at once. Client-side routes get the app's HTML with their own head (title, share tags, structured
 * data); unknown /api paths stay JSON 404s.
 */
/** Answers a page request with the app's HTML, written for that page. */
export type PageRenderer = (req: FastifyRequest) => Promise<string>;

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
      reply.header('cache-control', NEVER_CHANGES.test(filePath) ? IMMUTABLE : REVALIDATED_DAILY);
    },
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
        reply.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    await reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await renderPage(req));
  };
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/uploads/');
    if (hasWeb && isPage) return sendPage(req, reply);
    return reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
