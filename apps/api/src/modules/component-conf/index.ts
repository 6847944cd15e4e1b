import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createComponentConfAdmin, registerComponentConfAdminRoutes } from './component-conf-admin';
import { createComponentConfRepository } from './component-conf-repository';
import { registerComponentConfRoutes } from './component-conf-routes';
import { createComponentConfService } from './component-conf-service';

/** The settings of the storefront's components (the services page…), and their editor. */
export function createComponentConfModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createComponentConfService(createComponentConfRepository(shared.db));
  const admin = createComponentConfAdmin(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerComponentConfRoutes(app, service);
      registerComponentConfAdminRoutes(app, admin);
    },
  };
}

export type ComponentConfModule = ReturnType<typeof createComponentConfModule>;
