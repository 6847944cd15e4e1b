import type { FastifyInstance } from 'fastify';
import { getSiteInfo, resolveSite } from '@comptoir/contract/site';
import { registerCachedEndpoint, registerEndpoint } from '../../http/register-endpoint';
import { type SiteService } from './site-service';

export function registerSiteRoutes(app: FastifyInstance, service: SiteService): void {
  registerCachedEndpoint(app, getSiteInfo, { key: 'info', variant: () => '' }, ({ request }) =>
    service.getSiteInfo(request.site),
  );
  registerEndpoint(app, resolveSite, ({ query }) => service.resolveHost(query.host));
}
