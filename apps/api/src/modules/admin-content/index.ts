import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminContentRepository } from './admin-content-repository';
import { registerAdminContentRoutes } from './admin-content-routes';
import { createAdminContentService } from './admin-content-service';

/** The back office's editor of a page's blocks. */
export function createAdminContentModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation' | 'siteCache'>,
) {
  const service = createAdminContentService(createAdminContentRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminContentRoutes(app, service);
    },
  };
}

export type AdminContentModule = ReturnType<typeof createAdminContentModule>;
