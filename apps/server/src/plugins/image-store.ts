import type { FastifyInstance } from 'fastify';
import { imageStoreFor, type ImageStore } from '../lib/image-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    imageStore: ImageStore;
  }
}

export function registerImageStore(app: FastifyInstance): void {
  app.decorate('imageStore', imageStoreFor(app.config));
}
