import type { FastifyInstance } from 'fastify';
import { getExternalAppPublicConfig } from '@comptoir/contract/external-app';
import { registerEndpoint } from '../../http/register-endpoint';
import { type ExternalAppService } from './external-app-service';

export function registerExternalAppRoutes(app: FastifyInstance, service: ExternalAppService): void {
  registerEndpoint(app, getExternalAppPublicConfig, ({ request, params }) =>
    service.getPublicConfig(request.site.id, params.app),
  );
}
