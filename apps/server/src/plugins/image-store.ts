import type { FastifyInstance } from 'fastify';
import { LocalImageStore, S3ImageStore, type ImageStore } from '../lib/image-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export function registerImageStore(app: FastifyInstance): void {
  const { imageStore, s3, uploadsDir } = app.config;
  const store: ImageStore = imageStore === 's3' && s3 ? new S3ImageStore(s3) : new LocalImageStore(uploadsDir);
  app.decorate('imageStore', store);
}
