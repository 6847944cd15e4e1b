import type { FastifyInstance } from 'fastify';
import { logSiteVisit } from '@comptoir/contract/site-visit';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { type SiteVisitService } from './site-visit-service';

/**
 * A visitor lands with `?from=` a few times at most; each call writes a row, so a script must
 * not be able to fill the table or skew a site's traffic sources from one address.
 */
export const SITE_VISIT_PER_IP: RateLimit = { max: 30, timeWindowMs: 15 * 60_000 };

export function registerSiteVisitRoutes(
  app: FastifyInstance,
  options: { visitPerIp: RateLimit },
  service: SiteVisitService,
): void {
  registerWithIpRateLimit(app, options.visitPerIp, (limited) => {
    registerEndpoint(limited, logSiteVisit, ({ request, params }) =>
      service.record(request.site.id, params.from),
    );
  });
}
