import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createServiceAdmin, registerServiceAdminRoutes } from './service-admin';
import { createServiceRepository } from './service-repository';
import { registerServiceRoutes } from './service-routes';
import { createServiceService } from './service-service';

/** The site's services (the offers a visitor books), and their editor. */
export function createServiceModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createServiceService(createServiceRepository(shared.db));
  const admin = createServiceAdmin(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerServiceRoutes(app, service);
      registerServiceAdminRoutes(app, admin);
    },
  };
}

export type ServiceModule = ReturnType<typeof createServiceModule>;
