import type { FastifyInstance } from 'fastify';
import { getExternalAppPublicConfig } from '@comptoir/contract/external-app';
import { registerEndpoint } from '../../http/register-endpoint';
import { createExternalAppRepository } from './external-app-repository';
import { createExternalAppService } from './external-app-service';

export function registerExternalAppRoutes(app: FastifyInstance): void {
  const service = createExternalAppService(createExternalAppRepository(app.database.db));

  registerEndpoint(app, getExternalAppPublicConfig, ({ request, params }) =>
    service.getPublicConfig(request.site.id, params.app),
  );
}
