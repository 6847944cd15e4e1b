import type { FastifyInstance } from 'fastify';
import { getService, getServices } from '@comptoir/contract/service';
import { registerEndpoint } from '../../http/register-endpoint';
import { type ServiceService } from './service-service';

export function registerServiceRoutes(app: FastifyInstance, service: ServiceService): void {
  registerEndpoint(app, getServices, ({ request, query }) =>
    service.listServices(request.site.id, query),
  );
  registerEndpoint(app, getService, ({ request, params }) =>
    service.getService(request.site.id, params.id),
  );
}
