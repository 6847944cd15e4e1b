import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminThemeRepository } from './admin-theme-repository';
import { registerAdminThemeRoutes } from './admin-theme-routes';
import { createAdminThemeService } from './admin-theme-service';

/** The back office's theme: colours, fonts and logos. */
export function createAdminThemeModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation' | 'siteCache' | 'storage'>,
) {
  const service = createAdminThemeService(createAdminThemeRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
    storage: shared.storage,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminThemeRoutes(app, service);
    },
  };
}

export type AdminThemeModule = ReturnType<typeof createAdminThemeModule>;
