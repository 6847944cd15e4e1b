import type { FastifyInstance } from 'fastify';
import type { MailLimiter } from '../mail';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createElementRegistrationAdmin, registerElementRegistrationAdminRoutes } from './element-registration-admin';
import { createElementRegistrationRepository } from './element-registration-repository';
import { registerElementRegistrationRoutes } from './element-registration-routes';
import { createElementRegistrationService } from './element-registration-service';

export { registrationNoticeMail } from './element-registration-mails';

/** Registrations to an element (an event), mailed to the site, and their list in the back office. */
export function createElementRegistrationModule(
  shared: Pick<
    SharedPieces,
    'backgroundTasks' | 'db' | 'log' | 'mailer' | 'production' | 'readParameters'
  >,
  deps: { mailLimiter: MailLimiter; registerPerIp: RateLimit },
) {
  const service = createElementRegistrationService({
    repository: createElementRegistrationRepository(shared.db),
    readParameters: shared.readParameters,
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    backgroundTasks: shared.backgroundTasks,
    production: shared.production,
    log: shared.log,
  });
  const admin = createElementRegistrationAdmin(shared.db);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerElementRegistrationRoutes(
        app,
        {
          registerPerIp: deps.registerPerIp,
          mailLimiter: deps.mailLimiter,
          production: shared.production,
        },
        service,
      );
      registerElementRegistrationAdminRoutes(app, admin);
    },
  };
}

export type ElementRegistrationModule = ReturnType<typeof createElementRegistrationModule>;
