import type { FastifyInstance } from 'fastify';
import { getParameters } from '@comptoir/contract/parameter';
import { registerCachedEndpoint } from '../../http/register-endpoint';
import { type ParameterService } from './parameter-service';

export function registerParameterRoutes(app: FastifyInstance, service: ParameterService): void {
  registerCachedEndpoint(
    app,
    getParameters,
    // The storefront reads the whole list on every page: that one body is kept; a filtered
    // list is read afresh.
    { key: 'parameters', variant: ({ query }) => (service.isFiltered(query) ? null : '') },
    ({ request, query }) => service.list(request.site.id, query),
  );
}
