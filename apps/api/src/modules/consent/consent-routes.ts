import type { FastifyInstance } from 'fastify';
import { consentLogCsvRoute, recordConsent } from '@comptoir/contract/consent';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerCsvRoute } from '../../lib/csv-export';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { registerAdminScope } from '../user';
import type { ConsentService } from './consent-service';

/**
 * A visitor answers the banner once, and again when they change their mind: a few calls per
 * visit at most. A script must not fill a site's log from one address.
 */
export const CONSENT_PER_IP: RateLimit = { max: 30, timeWindowMs: 15 * 60_000 };

export function registerConsentRoutes(
  app: FastifyInstance,
  options: { perIp: RateLimit },
  service: ConsentService,
): void {
  registerWithIpRateLimit(app, options.perIp, (limited) => {
    registerEndpoint(limited, recordConsent, ({ request, body }) =>
      service.record(request.site.id, body, request.ip),
    );
  });
  registerAdminScope(app, (scope) => {
    registerCsvRoute(scope, consentLogCsvRoute, (request) => service.csv(request.site.id));
  });
}
