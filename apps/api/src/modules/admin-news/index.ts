import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminNewsService, registerAdminNewsRoutes } from './admin-news';

/** The back office's news. */
export function createAdminNewsModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createAdminNewsService(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminNewsRoutes(app, service);
    },
  };
}

export type AdminNewsModule = ReturnType<typeof createAdminNewsModule>;
