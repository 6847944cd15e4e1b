import type { FastifyInstance } from 'fastify';
import { getVariations } from '@comptoir/contract/variation';
import { registerEndpoint } from '../../http/register-endpoint';
import { createVariationRepository } from './variation-repository';
import { createVariationService } from './variation-service';

export function registerVariationRoutes(app: FastifyInstance): void {
  const service = createVariationService(createVariationRepository(app.database.db), app.siteCache);

  registerEndpoint(app, getVariations, ({ request }) => service.list(request.site.id));
}
