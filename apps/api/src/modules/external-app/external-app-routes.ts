import type { FastifyInstance } from 'fastify';
import {
  getExternalAppPublicConfig,
  getProductFileGeneratorConfig,
  PRODUCT_FILE_GENERATOR,
} from '@comptoir/contract/external-app';
import { registerEndpoint } from '../../http/register-endpoint';
import { type ExternalAppService } from './external-app-service';

export function registerExternalAppRoutes(app: FastifyInstance, service: ExternalAppService): void {
  registerEndpoint(app, getExternalAppPublicConfig, ({ request, params }) =>
    service.getPublicConfig(request.site.id, params.app),
  );
  // A static path: the router prefers it to the analytics services' `:app` (decision 0099).
  registerEndpoint(app, getProductFileGeneratorConfig, async ({ request }) => ({
    app: PRODUCT_FILE_GENERATOR,
    config: await service.getProductFileGeneratorConfig(request.site.id),
  }));
}
