import type { FastifyInstance } from 'fastify';
import { logSiteVisit } from '@comptoir/contract/site-visit';
import { registerEndpoint } from '../../http/register-endpoint';
import { createSiteVisitRepository } from './site-visit-repository';
import { createSiteVisitService } from './site-visit-service';

export function registerSiteVisitRoutes(app: FastifyInstance): void {
  const service = createSiteVisitService(createSiteVisitRepository(app.database.db));

  registerEndpoint(app, logSiteVisit, ({ request, params }) =>
    service.record(request.site.id, params.from),
  );
}
