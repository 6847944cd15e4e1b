import type { FastifyInstance } from 'fastify';
import { getService, getServices } from '@comptoir/contract/service';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerServiceAdminRoutes } from './service-admin';
import { createServiceRepository } from './service-repository';
import { createServiceService } from './service-service';

export function registerServiceRoutes(app: FastifyInstance): void {
  const service = createServiceService(createServiceRepository(app.database.db));

  registerEndpoint(app, getServices, ({ request, query }) =>
    service.listServices(request.site.id, query),
  );
  registerEndpoint(app, getService, ({ request, params }) =>
    service.getService(request.site.id, params.id),
  );
  registerServiceAdminRoutes(app);
}
