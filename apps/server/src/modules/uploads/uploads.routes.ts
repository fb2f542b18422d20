import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '@store/contracts';
import { AppError } from '../../lib/app-error.js';
import { DEMO_PICTURES_FOLDER, LocalImageStore, pictureCacheControl } from '../../lib/image-store.js';
import { adminOnly, adminOrPartner, signedInUser, type SessionUser } from '../../lib/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { processImage } from './image-processing.js';

const FOLDER = 'products';
const UPLOADED_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|avif)$/;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/** Every file an upload makes, from the name the client knows (`<uuid>.<ext>`). */
const keysOf = (id: string, ext: string) => [
  `${FOLDER}/${id}.${ext}`,
  `${FOLDER}/${id}-thumb.webp`,
  `${FOLDER}/${id}-detail.webp`,
];

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.uploadMaxBytes;
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });
  const store = app.imageStore;
  /**
   * Pictures live outside the database, so no transaction holds a file and its audit row together:
   * the row is written once the store has done the work, and a failed upload or delete leaves none.
   */
  const audit = (actor: SessionUser, action: 'image.upload' | 'image.delete', image: string) =>
    app.database.db.transaction((tx) =>
      recordAudit(tx, {
        actor,
        action,
        entityId: image.slice(image.lastIndexOf('/') + 1),
        label: image,
        ...(action === 'image.upload' ? { after: { image } } : { before: { image } }),
      }),
    );

  app.post(
    '/api/upload',
    {
      schema: {
        tags: ['Uploads'],
        summary: `Upload a product picture (admin) or a photo of a delivery (partner); multipart field "image"; JPEG, PNG, WebP or AVIF up to ${Math.round(maxBytes / 1024 / 1024)} MB)`,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ message: z.string(), image: z.string() }), ...errors },
      },
      preHandler: adminOrPartner,
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data');
      const file = await req.file();
      if (!file) throw new AppError('VALIDATION', 'No picture was sent');
      if (file.fieldname !== 'image') throw new AppError('VALIDATION', 'Send the picture in the field "image"');
      const input = await file.toBuffer();
      const image = await processImage(input);
      const id = randomUUID();
      const [originalKey, thumbKey, detailKey] = keysOf(id, image.extension) as [string, string, string];
      await Promise.all([
        store.put(originalKey, image.original, image.contentType),
        store.put(thumbKey, image.thumbnail, 'image/webp'),
        store.put(detailKey, image.detail, 'image/webp'),
      ]);
      const path = `/uploads/${originalKey}`;
      await audit(signedInUser(req), 'image.upload', path);
      return reply.code(201).send({ message: 'Image uploaded', image: path });
    },
  );

  app.delete(
    '/api/upload/:id',
    {
      schema: {
        tags: ['Uploads'],
        summary: 'Delete an uploaded picture and its copies (admin; id is the last segment of its URL)',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: messageResponseSchema, ...errors },
      },
      preHandler: adminOnly,
    },
    async (req) => {
      // Only names this server made: no folders, no dots but the extension, nothing outside the store.
      const match = UPLOADED_NAME.exec(req.params.id);
      if (!match) throw new AppError('VALIDATION', 'Not an uploaded picture');
      const [original, ...copies] = keysOf(match[1]!, match[2]!) as [string, ...string[]];
      const existed = await store.delete(original);
      await Promise.all(copies.map((k) => store.delete(k)));
      if (!existed) throw new AppError('NOT_FOUND', 'Image not found');
      await audit(signedInUser(req), 'image.delete', `/uploads/${original}`);
      return { message: 'Image deleted' };
    },
  );

  if (store.kind === 's3') {
    // Pictures keep their /uploads/… addresses whichever store holds them, so pages, the CSP and
    // saved products never change when the store does.
    const fromBucket = (folder: string, name: RegExp, fallback?: LocalImageStore) =>
      app.get(
        `/uploads/${folder}/:file`,
        { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
        async (req, reply) => {
          const file = req.params.file;
          if (!name.test(file)) throw new AppError('NOT_FOUND', 'Not found');
          const key = `${folder}/${file}`;
          const found = (await store.get(key)) ?? (await fallback?.get(key)) ?? null;
          if (!found) throw new AppError('NOT_FOUND', 'Not found');
          return reply
            .header('content-type', found.contentType)
            .header('cache-control', pictureCacheControl(key))
            .send(Buffer.from(found.body));
        },
      );
    fromBucket(FOLDER, /^[0-9a-f-]{36}(?:-thumb|-detail)?\.(?:jpg|png|webp|avif)$/);
    // Seeding puts the demo pictures in the bucket (ADR 069); a store seeded before that kept them
    // on the disk of the server that seeded it, which still serves them from there.
    fromBucket(
      DEMO_PICTURES_FOLDER,
      /^[A-Za-z0-9_-]+(?:\.[0-9a-f]{10}[A-Za-z0-9_-]*)?\.webp$/,
      new LocalImageStore(app.config.uploadsDir),
    );
  }
};
