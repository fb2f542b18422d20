import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves uploaded and demo images from DATA_DIR and the built web app. Hashed build assets never
 * change, so they are cached for a year; index.html is always revalidated so a deployment shows at
 * once. Client-side routes get index.html; unknown /api paths stay JSON 404s.
 */
export async function registerStaticFiles(app: FastifyInstance, uploadsDir: string, webDistDir: string) {
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
      index: ['index.html'],
      wildcard: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/uploads/');
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDistDir);
    }
    return reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
