import type { FastifyInstance } from 'fastify';
import type { MailLimiter } from '../mail';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createNewsletterAdmin, registerNewsletterAdminRoutes } from './newsletter-admin';
import { createNewsletterRepository } from './newsletter-repository';
import { registerNewsletterRoutes } from './newsletter-routes';
import { createNewsletterService } from './newsletter-service';

/** The newsletter: subscriptions (confirmed by mail) and the lists of the back office. */
export function createNewsletterModule(
  shared: Pick<SharedPieces, 'backgroundTasks' | 'db' | 'mailer' | 'production' | 'readParameters'>,
  deps: { mailLimiter: MailLimiter; subscribePerIp: RateLimit },
) {
  const service = createNewsletterService({
    repository: createNewsletterRepository(shared.db),
    readParameters: shared.readParameters,
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    backgroundTasks: shared.backgroundTasks,
    production: shared.production,
  });
  const admin = createNewsletterAdmin(shared.db);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerNewsletterRoutes(
        app,
        {
          subscribePerIp: deps.subscribePerIp,
          mailLimiter: deps.mailLimiter,
          production: shared.production,
        },
        service,
      );
      registerNewsletterAdminRoutes(app, admin);
    },
  };
}

export type NewsletterModule = ReturnType<typeof createNewsletterModule>;
