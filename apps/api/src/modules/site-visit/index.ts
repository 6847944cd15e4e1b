import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createSiteVisitRepository } from './site-visit-repository';
import { registerSiteVisitRoutes } from './site-visit-routes';

export { SITE_VISIT_PER_IP } from './site-visit-routes';
import { createSiteVisitService } from './site-visit-service';

/** The visits the storefront records (GET /site/visit/:from), limited per client address. */
export function createSiteVisitModule(
  shared: Pick<SharedPieces, 'db'>,
  settings: { visitPerIp: RateLimit },
) {
  const service = createSiteVisitService(createSiteVisitRepository(shared.db));
  return {
    registerRoutes(app: FastifyInstance): void {
      registerSiteVisitRoutes(app, settings, service);
    },
  };
}

export type SiteVisitModule = ReturnType<typeof createSiteVisitModule>;
