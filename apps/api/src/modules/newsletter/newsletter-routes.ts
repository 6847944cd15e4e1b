import type { FastifyInstance } from 'fastify';
import { confirmNewsletter, getNewsletterLists, getNewsletterSubscription, oneClickUnsubscribeNewsletter, subscribeNewsletter, unsubscribeNewsletter, updateNewsletterSubscription } from '@comptoir/contract/newsletter';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import type { MailLimiter } from '../mail';
import { type NewsletterService } from './newsletter-service';

export function registerNewsletterRoutes(
  app: FastifyInstance,
  options: { subscribePerIp: RateLimit; mailLimiter: MailLimiter; production: boolean },
  service: NewsletterService,
): void {
  registerEndpoint(app, getNewsletterLists, async ({ request }) =>
    service.listLists(request.site.id, await request.getUser()),
  );
  registerEndpoint(app, getNewsletterSubscription, async ({ request }) =>
    service.getSubscription(request.site.id, await request.getUser()),
  );
  registerEndpoint(app, updateNewsletterSubscription, async ({ request, body }) =>
    service.replaceSubscription(request.site.id, await request.getUser(), body.listIds),
  );
  // Anyone can post any address here: a per-IP limit (and the per-recipient mail limit in the
  // service) keeps it from being used to flood mailboxes; links are guessed no better.
  registerWithIpRateLimit(app, options.subscribePerIp, (scope) => {
    registerEndpoint(scope, subscribeNewsletter, async ({ request, body }) => {
      await service.subscribe(request.site, body.email, body.listIds);
      return null;
    });
    registerEndpoint(scope, confirmNewsletter, ({ request, body }) =>
      service.confirm(request.site.id, body.token),
    );
    registerEndpoint(scope, unsubscribeNewsletter, async ({ request, body }) => {
      await service.unsubscribe(request.site.id, body.token);
      return null;
    });
    scope.register(async (oneClick) => {
      // Mail clients post `List-Unsubscribe=One-Click` form-encoded: accepted, and nothing in it
      // matters (RFC 8058), so it is read as a string and left alone.
      oneClick.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );
      registerEndpoint(oneClick, oneClickUnsubscribeNewsletter, async ({ params }) => {
        await service.unsubscribe(null, params.token);
        return null;
      });
    });
  });
}
