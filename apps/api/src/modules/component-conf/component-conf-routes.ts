import type { FastifyInstance } from 'fastify';
import { getComponentConf } from '@comptoir/contract/component-conf';
import { registerEndpoint } from '../../http/register-endpoint';
import { type ComponentConfService } from './component-conf-service';

export function registerComponentConfRoutes(
  app: FastifyInstance,
  service: ComponentConfService,
): void {
  registerEndpoint(app, getComponentConf, ({ request, params }) =>
    service.getConf(request.site.id, params.slug),
  );
}
