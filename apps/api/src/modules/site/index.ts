import type { FastifyInstance } from 'fastify';
import type { MailTransaction } from '../../plugins/mail';
import type { SharedPieces } from '../../shared';
import { createSiteRepository } from './site-repository';
import { registerSiteRoutes } from './site-routes';
import { createSiteService } from './site-service';

export { toLogo } from './site-service';

export type { LogoRecord, SiteRecord, SiteRepository } from './site-repository';

/** The sites: resolution of the siteId header (plugins/site.ts is given the service) and the site's public information. */
export function createSiteModule(shared: Pick<SharedPieces, 'db' | 'siteCache'>) {
  const repository = createSiteRepository(shared.db);
  const service = createSiteService(repository, shared.siteCache);
  return {
    service,
    repository,
    /** The sites read within a caller's transaction (the order's mails). */
    repositoryIn: (tx: MailTransaction) => createSiteRepository(tx),
    registerRoutes(app: FastifyInstance): void {
      registerSiteRoutes(app, service);
    },
  };
}

export type SiteModule = ReturnType<typeof createSiteModule>;
