import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminRepository } from './admin-repository';
import { registerAdminRoutes } from './admin-routes';
import { createAdminService } from './admin-service';

export { requireAdmin } from './admin-service';

/** The back office's pages and layouts (previews, HTML checks). */
export function createAdminModule(shared: Pick<SharedPieces, 'db' | 'storage'>) {
  const service = createAdminService(createAdminRepository(shared.db), shared.storage);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminRoutes(app, service);
    },
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
