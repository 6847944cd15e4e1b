import type { FastifyInstance } from 'fastify';
import { getComponentConf } from '@comptoir/contract/component-conf';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerComponentConfAdminRoutes } from './component-conf-admin';
import { createComponentConfRepository } from './component-conf-repository';
import { createComponentConfService } from './component-conf-service';

export function registerComponentConfRoutes(app: FastifyInstance): void {
  const service = createComponentConfService(createComponentConfRepository(app.database.db));

  registerEndpoint(app, getComponentConf, ({ request, params }) =>
    service.getConf(request.site.id, params.slug),
  );
  registerComponentConfAdminRoutes(app);
}
