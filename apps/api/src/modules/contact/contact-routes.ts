import type { FastifyInstance } from 'fastify';
import { getContactMessage, listContactMessages, markContactMessage, replyToContactMessage } from '@comptoir/contract/admin-messages';
import { getAddressTypes, getCompanyAddresses, sendMessage } from '@comptoir/contract/contact';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type ContactInboxService } from './contact-inbox-service';
import { type ContactService } from './contact-service';

export function registerContactRoutes(
  app: FastifyInstance,
  options: { messagePerIp: RateLimit },
  service: ContactService,
  inbox: ContactInboxService,
): void {
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

  // The back office's inbox.
  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, listContactMessages, ({ request, query }) =>
      inbox.list(request.site.id, query),
    );
    registerEndpoint(admin, getContactMessage, ({ request, params }) =>
      inbox.get(request.site.id, params.id),
    );
    registerEndpoint(admin, markContactMessage, async ({ request, params, body }) =>
      inbox.markRead(request.site.id, params.id, body.read, await adminActor(request)),
    );
    registerEndpoint(admin, replyToContactMessage, async ({ request, params, body }) =>
      inbox.reply(request.site, params.id, body, await adminActor(request)),
    );
  });
}
