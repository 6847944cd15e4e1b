import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createPopupAdmin, registerPopupAdminRoutes } from './popup-admin';
import { createPopupRepository } from './popup-repository';
import { registerPopupRoutes } from './popup-routes';
import { createPopupService } from './popup-service';

/** The storefront's pop-ups, and their back-office editor. */
export function createPopupModule(shared: Pick<SharedPieces, 'db' | 'revalidation' | 'siteCache'>) {
  const service = createPopupService(createPopupRepository(shared.db));
  const admin = createPopupAdmin(shared.db, {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerPopupRoutes(app, service);
      registerPopupAdminRoutes(app, admin);
    },
  };
}

export type PopupModule = ReturnType<typeof createPopupModule>;
