import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createExternalAppRepository } from './external-app-repository';
import { registerExternalAppRoutes } from './external-app-routes';
import { createExternalAppService } from './external-app-service';

/** The public configuration of a site's external applications. */
export function createExternalAppModule(shared: Pick<SharedPieces, 'db'>) {
  const service = createExternalAppService(createExternalAppRepository(shared.db));
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerExternalAppRoutes(app, service);
    },
  };
}

export type ExternalAppModule = ReturnType<typeof createExternalAppModule>;
