import type { FastifyInstance } from 'fastify';
import type { ContentImages } from '../content-image';
import type { SharedPieces } from '../../shared';
import { registerAdminAlbumsRoutes } from './admin-albums-routes';
import { createAdminAlbumsService } from './admin-albums-service';

/** The back office's albums: photos (the content images) and videos. */
export function createAdminAlbumsModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation'>,
  deps: { images: ContentImages },
) {
  const service = createAdminAlbumsService(shared.db, shared.revalidation, deps.images);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminAlbumsRoutes(app, service);
    },
  };
}

export type AdminAlbumsModule = ReturnType<typeof createAdminAlbumsModule>;
