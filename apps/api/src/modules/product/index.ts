import type { FastifyInstance } from 'fastify';
import type { SiteCache } from '../../lib/site-cache';
import type { SharedPieces } from '../../shared';
import { createAdminCatalogueRepository } from './product-admin-repository';
import { registerAdminCatalogueRoutes } from './product-admin-routes';
import { createAdminCatalogueService } from './product-admin-service';
import { createProductRepository } from './product-repository';
import { registerProductRoutes, type ProductRouteSettings } from './product-routes';
import { createProductService } from './product-service';
import { createProductSheetService } from './product-sheet-service';

export { pdfText } from './product-sheet-text';
/** What a visitor may see of a site's catalogue (the site search reads through it). */
export { visibleProducts } from './product-repository';

/**
 * The product bodies kept for a site are dropped: the next read builds them afresh. Every write
 * of the catalogue or the stock goes through the module's `catalogueChanged`, which calls this.
 */
export function dropKeptCatalogue(siteCache: SiteCache, siteId: number): void {
  siteCache.invalidateSite(siteId, 'catalogue');
}

/**
 * The catalogue as the storefront reads it (products, their lists and their PDF sheets) and as the
 * back office writes it (products, declinations, pictures and stock).
 */
export function createProductModule(
  shared: Pick<
    SharedPieces,
    'db' | 'readParameters' | 'siteCache' | 'revalidation' | 'storage' | 'production'
  >,
  settings: ProductRouteSettings,
) {
  const service = createProductService(createProductRepository(shared.db));
  const sheets = createProductSheetService(service, shared.readParameters, {
    publicDir: settings.publicDir,
    production: shared.production,
  });
  /**
   * The site's catalogue or stock changed (an order took bottles, the owner edited a wine): the
   * product bodies kept for it are dropped, the next read builds them afresh, and the
   * storefront's catalogue pages are revalidated (sold out within 5 s).
   */
  const catalogueChanged = (siteId: number): void => {
    dropKeptCatalogue(shared.siteCache, siteId);
    shared.revalidation.revalidate(siteId, ['catalogue']);
  };
  const admin = createAdminCatalogueService(createAdminCatalogueRepository(shared.db), {
    storage: shared.storage,
    catalogueChanged,
  });
  return {
    service,
    catalogueChanged,
    registerRoutes(app: FastifyInstance): void {
      registerProductRoutes(app, service, sheets, settings);
      // The back office's catalogue.
      registerAdminCatalogueRoutes(app, admin);
    },
  };
}

export type ProductModule = ReturnType<typeof createProductModule>;
