import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAlbumRepository } from './album-repository';
import { registerAlbumRoutes } from './album-routes';
import { createAlbumService } from './album-service';

/** The photo albums of the storefront. */
export function createAlbumModule(shared: Pick<SharedPieces, 'db'>) {
  const service = createAlbumService(createAlbumRepository(shared.db));
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAlbumRoutes(app, service);
    },
  };
}

export type AlbumModule = ReturnType<typeof createAlbumModule>;
