import type { FastifyInstance } from 'fastify';
import type { PasswordResetRepository } from '../auth';
import type { SharedPieces } from '../../shared';
import { registerPlatformRoutes } from './platform-routes';
import { createPlatformService } from './platform-service';
import { createPlatformSettings } from './platform-settings';

export type { PlatformSettings } from './platform-settings';

/* The site templates are data the seed reads too (decision 0089). */
export {
  insertPages,
  insertVariations,
  parameterRows,
  type PageTemplate,
  type SiteFrame,
} from './templates';
export { brochureTemplate } from './templates/brochure';
export { wineShopTemplate } from './templates/wine-shop';

/** The platform's sites and their administrators (SUPER_ADMIN only). */
export function createPlatformModule(
  shared: Pick<
    SharedPieces,
    'db' | 'mailer' | 'production' | 'readParameters' | 'revalidation' | 'siteCache'
  >,
  deps: { resets: PasswordResetRepository },
) {
  const service = createPlatformService({
    db: shared.db,
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
    mailer: shared.mailer,
    production: shared.production,
    resets: deps.resets,
    readParameters: shared.readParameters,
  });
  const settings = createPlatformSettings({ db: shared.db, storefront: shared.revalidation });
  return {
    service,
    /** The host of the legal notices and the consent log's key (decision 0110). */
    settings,
    registerRoutes(app: FastifyInstance): void {
      registerPlatformRoutes(app, service, settings);
    },
  };
}

export type PlatformModule = ReturnType<typeof createPlatformModule>;
