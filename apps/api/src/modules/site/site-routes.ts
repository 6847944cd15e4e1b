import type { FastifyInstance } from 'fastify';
import { getSiteInfo, resolveSite } from '@comptoir/contract/site';
import { registerCachedEndpoint, registerEndpoint } from '../../http/register-endpoint';
import { createSiteRepository } from './site-repository';
import { createSiteService } from './site-service';

export function registerSiteRoutes(app: FastifyInstance): void {
  const service = createSiteService(createSiteRepository(app.database.db), app.siteCache);

  registerCachedEndpoint(app, getSiteInfo, { key: 'info', variant: () => '' }, ({ request }) =>
    service.getSiteInfo(request.site),
  );
  registerEndpoint(app, resolveSite, ({ query }) => service.resolveHost(query.host));
}
