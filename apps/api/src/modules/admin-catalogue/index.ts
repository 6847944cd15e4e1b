import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminCatalogueRepository } from './admin-catalogue-repository';
import { registerAdminCatalogueRoutes } from './admin-catalogue-routes';
import { createAdminCatalogueService } from './admin-catalogue-service';

/** The back office's catalogue: products, declinations, pictures and stock. */
export function createAdminCatalogueModule(
  shared: Pick<SharedPieces, 'db' | 'storage'>,
  deps: { catalogueChanged: (siteId: number) => void },
) {
  const service = createAdminCatalogueService(createAdminCatalogueRepository(shared.db), {
    storage: shared.storage,
    catalogueChanged: deps.catalogueChanged,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminCatalogueRoutes(app, service);
    },
  };
}

export type AdminCatalogueModule = ReturnType<typeof createAdminCatalogueModule>;
