import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createPlatformSite,
  getPlatformHost,
  inviteSiteAdmin,
  listPlatformSites,
  updatePlatformHost,
  updatePlatformSite,
} from '@comptoir/contract/admin-platform';
import { getSiteHost } from '@comptoir/contract/site';
import { registerEndpoint } from '../../http/register-endpoint';
import { auditActorOf } from '../audit';
import { requireSuperAdmin, type PlatformService } from './platform-service';
import type { PlatformSettings } from './platform-settings';

/**
 * The platform's routes (SUPER_ADMIN only), checked on onRequest like registerAdminScope's: a
 * visitor gets 401, a customer or a site's ADMIN 403, whatever they sent.
 */
export function registerPlatformRoutes(
  app: FastifyInstance,
  service: PlatformService,
  settings: PlatformSettings,
) {
  // Public: every site's legal notice names the platform's host (decision 0110).
  registerEndpoint(app, getSiteHost, () => settings.host());
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      requireSuperAdmin(await request.getUser());
    });
    const actor = async (request: FastifyRequest) =>
      auditActorOf(requireSuperAdmin(await request.getUser()));
    registerEndpoint(scope, listPlatformSites, () => service.list());
    registerEndpoint(scope, createPlatformSite, async ({ request, body }) => {
      const { template, ...addresses } = body;
      return service.create(template, addresses, await actor(request));
    });
    registerEndpoint(scope, updatePlatformSite, async ({ request, params, body }) =>
      service.update(params.id, body, await actor(request)),
    );
    registerEndpoint(scope, getPlatformHost, () => settings.host());
    registerEndpoint(scope, updatePlatformHost, async ({ request, body }) =>
      settings.updateHost(body, await actor(request), request.site.id),
    );
    registerEndpoint(scope, inviteSiteAdmin, async ({ request, params, body }) =>
      service.invite(params.id, body, await actor(request)),
    );
  });
}
