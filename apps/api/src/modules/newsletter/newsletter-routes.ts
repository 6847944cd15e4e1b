import type { FastifyInstance } from 'fastify';
import {
  getNewsletterLists,
  getNewsletterSubscription,
  subscribeNewsletter,
  updateNewsletterSubscription,
} from '@comptoir/contract/newsletter';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { createSiteParameterReader } from '../../lib/site-parameter-values';
import { createNewsletterRepository } from './newsletter-repository';
import { createNewsletterService } from './newsletter-service';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  options: { subscribePerIp: RateLimit },
): void {
  const service = createNewsletterService(
    createNewsletterRepository(app.database.db),
    createSiteParameterReader(app.database.db, app.siteCache),
  );

  registerEndpoint(app, getNewsletterLists, async ({ request }) =>
    service.listLists(request.site.id, await request.getUser()),
  );
  registerEndpoint(app, getNewsletterSubscription, async ({ request }) =>
    service.getSubscription(request.site.id, await request.getUser()),
  );
  registerEndpoint(app, updateNewsletterSubscription, async ({ request, body }) =>
    service.replaceSubscription(request.site.id, await request.getUser(), body.listIds),
  );
  // Anyone can post any address here: a per-IP limit keeps it from being used to flood lists.
  registerWithIpRateLimit(app, options.subscribePerIp, (scope) => {
    registerEndpoint(scope, subscribeNewsletter, async ({ request, body }) => {
      await service.subscribe(request.site.id, body.email, body.listIds);
      return null;
    });
  });
}
