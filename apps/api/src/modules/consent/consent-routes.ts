import type { FastifyInstance } from 'fastify';
import { consentLogCsvRoute, recordConsent } from '@comptoir/contract/consent';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerCsvRoute } from '../../lib/csv-export';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { registerAdminScope } from '../user';
import type { ConsentService } from './consent-service';

export function registerConsentRoutes(
  app: FastifyInstance,
  /** The per-address limit of the cookie choices (AuthLimits.consentChoicesPerIp). */
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
