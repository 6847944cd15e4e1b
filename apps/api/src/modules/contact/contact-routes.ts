import type { FastifyInstance } from 'fastify';
import { getAddressTypes, getCompanyAddresses, sendMessage } from '@comptoir/contract/contact';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { createSiteParameterReader } from '../../lib/site-parameter-values';
import type { MailLimiter } from '../mail/mail-limits';
import { createContactRepository } from './contact-repository';
import { createContactService } from './contact-service';

export function registerContactRoutes(
  app: FastifyInstance,
  options: { messagePerIp: RateLimit; mailLimiter: MailLimiter; production: boolean },
): void {
  const service = createContactService({
    repository: createContactRepository(app.database.db),
    readParameters: createSiteParameterReader(app.database.db, app.siteCache),
    mailer: app.mailer,
    mailLimiter: options.mailLimiter,
    production: options.production,
    log: app.log,
  });

  registerEndpoint(app, getCompanyAddresses, ({ request, query }) =>
    service.listAddresses(request.site.id, query),
  );
  registerEndpoint(app, getAddressTypes, () => service.addressTypes());
  // Each message mails the company: a per-IP limit keeps the form from being used to flood it.
  registerWithIpRateLimit(app, options.messagePerIp, (scope) => {
    registerEndpoint(scope, sendMessage, async ({ request, body }) => {
      await service.sendMessage(request.site, body);
      return null;
    });
  });
}
