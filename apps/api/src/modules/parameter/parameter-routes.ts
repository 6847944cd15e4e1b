import type { FastifyInstance } from 'fastify';
import { getParameters } from '@comptoir/contract/parameter';
import { registerCachedEndpoint } from '../../http/register-endpoint';
import { createParameterRepository } from './parameter-repository';
import { createParameterService } from './parameter-service';

export function registerParameterRoutes(app: FastifyInstance): void {
  const service = createParameterService(createParameterRepository(app.database.db), app.siteCache);

  registerCachedEndpoint(
    app,
    getParameters,
    // The storefront reads the whole list on every page: that one body is kept; a filtered
    // list is read afresh.
    { key: 'parameters', variant: ({ query }) => (service.isFiltered(query) ? null : '') },
    ({ request, query }) => service.list(request.site.id, query),
  );
}
