import type { FastifyInstance } from 'fastify';
import type { MailLimiter } from '../mail';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createFormAnswersAdmin, registerFormAnswersAdminRoutes } from './form-answers-admin';
import { createFormBuilderAdmin, registerFormBuilderAdminRoutes } from './form-builder-admin';
import { createFormRepository } from './form-repository';
import { registerFormRoutes } from './form-routes';
import { createFormService } from './form-service';

/** The site's forms: answers sent by visitors (mailed to the site), the answers' list and the form builder. */
export function createFormModule(
  shared: Pick<
    SharedPieces,
    | 'backgroundTasks'
    | 'db'
    | 'log'
    | 'mailer'
    | 'production'
    | 'readParameters'
    | 'revalidation'
    | 'storage'
  >,
  deps: { mailLimiter: MailLimiter; submitPerIp: RateLimit },
) {
  const service = createFormService({
    repository: createFormRepository(shared.db),
    storage: shared.storage,
    readParameters: shared.readParameters,
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    backgroundTasks: shared.backgroundTasks,
    production: shared.production,
    log: shared.log,
  });
  const answers = createFormAnswersAdmin(shared.db);
  const builder = createFormBuilderAdmin(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerFormRoutes(
        app,
        {
          submitPerIp: deps.submitPerIp,
          mailLimiter: deps.mailLimiter,
          production: shared.production,
        },
        service,
      );
      registerFormAnswersAdminRoutes(app, answers);
      registerFormBuilderAdminRoutes(app, builder);
    },
  };
}

export type FormModule = ReturnType<typeof createFormModule>;
