import type { FastifyInstance } from 'fastify';
import { getElementRegistration, registerToElement } from '@comptoir/contract/element-registration';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import type { MailLimiter } from '../mail';
import { type ElementRegistrationService } from './element-registration-service';

export function registerElementRegistrationRoutes(
  app: FastifyInstance,
  options: { registerPerIp: RateLimit; mailLimiter: MailLimiter; production: boolean },
  service: ElementRegistrationService,
): void {
  registerEndpoint(app, getElementRegistration, ({ request, params }) =>
    service.availability(request.site.id, params.route, params.id),
  );
  // Each registration mails the address given and the site: limited per IP against abuse.
  registerWithIpRateLimit(app, options.registerPerIp, (scope) => {
    registerEndpoint(scope, registerToElement, ({ request, params, body }) =>
      service.register(request.site, params.route, params.id, body),
    );
  });
}
