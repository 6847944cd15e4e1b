import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import {
  createAnalyticsSettingsAdmin,
  registerAnalyticsSettingsRoutes,
} from './external-app-admin';
import { createExternalAppRepository } from './external-app-repository';
import { registerExternalAppRoutes } from './external-app-routes';
import { createExternalAppService } from './external-app-service';

/**
 * The public configuration of a site's external applications, and the back office's analytics
 * identifiers that write it (decision 0108).
 */
export function createExternalAppModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createExternalAppService(createExternalAppRepository(shared.db));
  const analytics = createAnalyticsSettingsAdmin(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerExternalAppRoutes(app, service);
      registerAnalyticsSettingsRoutes(app, analytics);
    },
  };
}

export type ExternalAppModule = ReturnType<typeof createExternalAppModule>;
