import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import type { MailLimiter } from '../mail';
import { createContactInboxRepository } from './contact-inbox-repository';
import { createContactInboxService } from './contact-inbox-service';
import { createContactRepository } from './contact-repository';
import { registerContactRoutes } from './contact-routes';
import { createContactService } from './contact-service';

export { contactMessageMail } from './contact-mails';

/** The contact form (mailed to the site, kept in its inbox) and the company's addresses. */
export function createContactModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'mailer' | 'production' | 'log'>,
  deps: { mailLimiter: MailLimiter; messagePerIp: RateLimit },
) {
  const { readParameters } = shared;
  const service = createContactService({
    repository: createContactRepository(shared.db),
    readParameters,
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    production: shared.production,
    log: shared.log,
  });
  const inbox = createContactInboxService({
    repository: createContactInboxRepository(shared.db),
    readParameters,
    mailer: shared.mailer,
    production: shared.production,
    log: shared.log,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerContactRoutes(app, { messagePerIp: deps.messagePerIp }, service, inbox);
    },
  };
}

export type ContactModule = ReturnType<typeof createContactModule>;
