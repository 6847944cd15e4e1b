import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';

export type { ContentImages } from './content-image';
import { createContentImages, registerContentImageRoutes } from './content-image';

export { readContentImageUpload, withMultipart } from './content-image';

/** The pictures of articles, news and albums (uploaded by the back office, served publicly). */
export function createContentImageModule(shared: Pick<SharedPieces, 'db' | 'storage'>) {
  const images = createContentImages(shared.db, shared.storage);
  return {
    images,
    registerRoutes(app: FastifyInstance): void {
      registerContentImageRoutes(app, images);
    },
  };
}

export type ContentImageModule = ReturnType<typeof createContentImageModule>;
