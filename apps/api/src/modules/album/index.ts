import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { ContentImages } from '../content-image';
import { registerAdminAlbumsRoutes } from './album-admin-routes';
import { createAdminAlbumsService } from './album-admin-service';
import { createAlbumRepository } from './album-repository';
import { registerAlbumRoutes } from './album-routes';
import { createAlbumService } from './album-service';

/**
 * The photo albums of the storefront, and the back office's albums: photos (the content images,
 * handed in by compose.ts) and videos.
 */
export function createAlbumModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation'>,
  deps: { images: ContentImages },
) {
  const service = createAlbumService(createAlbumRepository(shared.db));
  const admin = createAdminAlbumsService(shared.db, shared.revalidation, deps.images);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAlbumRoutes(app, service);
      // The back office's albums.
      registerAdminAlbumsRoutes(app, admin);
    },
  };
}

export type AlbumModule = ReturnType<typeof createAlbumModule>;
