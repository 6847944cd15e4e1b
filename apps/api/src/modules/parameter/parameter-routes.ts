import type { FastifyInstance } from 'fastify';
import { getParameters } from '@comptoir/contract/parameter';
import { registerEndpoint } from '../../http/register-endpoint';
import { createParameterRepository } from './parameter-repository';
import { createParameterService } from './parameter-service';

export function registerParameterRoutes(app: FastifyInstance): void {
  const service = createParameterService(createParameterRepository(app.database.db), app.siteCache);

  registerEndpoint(app, getParameters, ({ request, query }) =>
    service.list(request.site.id, query),
  );
}
