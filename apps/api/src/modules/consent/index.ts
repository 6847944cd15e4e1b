import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createConsentRepository } from './consent-repository';
import { registerConsentRoutes } from './consent-routes';
import { createConsentService } from './consent-service';

export { consentAddressHash } from './consent-service';

/**
 * The cookie consent log (decision 0110): the storefront's banner records each choice, the
 * site's owner downloads the log as CSV. The address hash's key is CONSENT_LOG_SECRET or, unset,
 * the platform's kept key (the platform module's, handed in by compose.ts).
 */
export function createConsentModule(
  shared: Pick<SharedPieces, 'db' | 'now'>,
  deps: { secret: () => Promise<string>; perIp: RateLimit },
) {
  const service = createConsentService({
    repository: createConsentRepository(shared.db),
    now: shared.now,
    secret: deps.secret,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerConsentRoutes(app, { perIp: deps.perIp }, service);
    },
  };
}

export type ConsentModule = ReturnType<typeof createConsentModule>;
