import type { FastifyInstance } from 'fastify';
import {
  listUndeliveredMails,
  resendAllUndeliveredMails,
  resendUndeliveredMail,
} from '@comptoir/contract/admin-mails';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SharedPieces } from '../../shared';
import { adminActor } from '../audit';
import { registerAdminScope } from '../user';
import { createUndeliveredMailRepository } from './undelivered-mail-repository';

export { ownerSentence } from './owner-sentence';

/**
 * The back office's « E-mails non envoyés » (decision 0115): the site's mails the mail server
 * refused, still retried or given up, and « Renvoyer » / « Tout renvoyer » that put given-up mails
 * back in the mail-delivery job's queue. A module of its own: the mail module sits below the
 * accounts (they queue mails), and the admin scope and the journal sit above them.
 */
export function createUndeliveredMailModule(shared: Pick<SharedPieces, 'db'>) {
  const repository = createUndeliveredMailRepository(shared.db);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerAdminScope(app, (scope) => {
        registerEndpoint(scope, listUndeliveredMails, ({ request }) =>
          repository.list(request.site.id),
        );
        registerEndpoint(scope, resendUndeliveredMail, async ({ request, params }) =>
          repository.resend(request.site.id, params.id, await adminActor(request)),
        );
        registerEndpoint(scope, resendAllUndeliveredMails, async ({ request }) => ({
          resent: await repository.resendAll(request.site.id, await adminActor(request)),
        }));
      });
    },
  };
}

export type UndeliveredMailModule = ReturnType<typeof createUndeliveredMailModule>;
