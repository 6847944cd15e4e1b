import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminPagesRepository } from './admin-pages-repository';
import { registerAdminPagesRoutes } from './admin-pages-routes';
import { createAdminPagesService } from './admin-pages-service';

/** The back office's pages: the tree, their settings and the redirects. */
export function createAdminPagesModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation' | 'siteCache'>,
) {
  const service = createAdminPagesService(createAdminPagesRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminPagesRoutes(app, service);
    },
  };
}

export type AdminPagesModule = ReturnType<typeof createAdminPagesModule>;
