import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminContentRepository } from './page-admin-content-repository';
import { registerAdminContentRoutes } from './page-admin-content-routes';
import { createAdminContentService } from './page-admin-content-service';
import { createAdminLayoutsRepository } from './page-admin-layout-repository';
import { registerAdminLayoutsRoutes } from './page-admin-layout-routes';
import { createAdminLayoutsService } from './page-admin-layout-service';
import { createAdminPagesRepository } from './page-admin-repository';
import { registerAdminPagesRoutes } from './page-admin-routes';
import { createAdminPagesService } from './page-admin-service';
import { createPageRepository } from './page-repository';
import { registerPageRoutes } from './page-routes';
import { createPageService } from './page-service';

/**
 * The site's pages: the tree and each page's blocks, and the back office's pages (the tree, their
 * settings, the redirects), its editor of a page's blocks and its previews of a page's layouts.
 */
export function createPageModule(
  shared: Pick<SharedPieces, 'db' | 'siteCache' | 'revalidation' | 'storage'>,
) {
  const service = createPageService(createPageRepository(shared.db), shared.siteCache);
  const adminPages = createAdminPagesService(createAdminPagesRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
  });
  const adminContent = createAdminContentService(createAdminContentRepository(shared.db), {
    siteCache: shared.siteCache,
    storefront: shared.revalidation,
  });
  const adminLayouts = createAdminLayoutsService(
    createAdminLayoutsRepository(shared.db),
    shared.storage,
  );
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerPageRoutes(app, service);
      // The back office's blocks of a page, then its pages (the order they had).
      registerAdminContentRoutes(app, adminContent);
      registerAdminPagesRoutes(app, adminPages);
      registerAdminLayoutsRoutes(app, adminLayouts);
    },
  };
}

export type PageModule = ReturnType<typeof createPageModule>;
