import type { FastifyInstance } from 'fastify';
import { getVariations } from '@comptoir/contract/variation';
import { registerEndpoint } from '../../http/register-endpoint';
import { type VariationService } from './variation-service';

export function registerVariationRoutes(app: FastifyInstance, service: VariationService): void {
  registerEndpoint(app, getVariations, ({ request }) => service.list(request.site.id));
}
