import type { FastifyInstance } from 'fastify';
import type { MailTransaction } from '../../plugins/mail';
import type { SharedPieces } from '../../shared';
import { createAdminThemeRepository } from './site-admin-repository';
import { registerAdminThemeRoutes } from './site-admin-routes';
import { createAdminThemeService } from './site-admin-service';
import { createSiteRepository } from './site-repository';
import { registerSiteRoutes } from './site-routes';
import { createSiteService } from './site-service';

export { toLogo } from './site-service';

export type { LogoRecord, SiteRecord, SiteRepository } from './site-repository';

/**
 * The sites: resolution of the siteId header (plugins/site.ts is given the service), the site's
 * public information, and the back office's theme (colours, fonts and logos).
 */
export function createSiteModule(
  shared: Pick<SharedPieces, 'db' | 'siteCache' | 'revalidation' | 'storage'>,
) {
  const repository = createSiteRepository(shared.db);
  const service = createSiteService(repository, shared.siteCache);
  const theme = createAdminThemeService(createAdminThemeRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
    storage: shared.storage,
  });
  return {
    service,
    repository,
    /** The theme's parameter write (journaled, caches refreshed): the payment screen's bank details. */
    saveParameters: theme.saveParameters,
    /** The sites read within a caller's transaction (the order's mails). */
    repositoryIn: (tx: MailTransaction) => createSiteRepository(tx),
    registerRoutes(app: FastifyInstance): void {
      registerSiteRoutes(app, service);
      // The back office's theme.
      registerAdminThemeRoutes(app, theme);
    },
  };
}

export type SiteModule = ReturnType<typeof createSiteModule>;
