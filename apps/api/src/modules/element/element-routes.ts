import type { FastifyInstance } from 'fastify';
import { getElement, getElementList } from '@comptoir/contract/element';
import { registerEndpoint } from '../../http/register-endpoint';
import { type ElementService } from './element-service';

export function registerElementRoutes(app: FastifyInstance, service: ElementService): void {
  registerEndpoint(app, getElementList, ({ request, params, query }) =>
    service.getList(request.site.id, params.route, query),
  );
  registerEndpoint(app, getElement, ({ request, params }) =>
    service.getElement(request.site.id, params.route, params.id),
  );
}
