import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createPageRepository } from './page-repository';
import { registerPageRoutes } from './page-routes';
import { createPageService } from './page-service';

export { pageTreeColumns } from './page-repository';

/** The site's pages: the tree and each page's blocks. */
export function createPageModule(shared: Pick<SharedPieces, 'db' | 'siteCache'>) {
  const service = createPageService(createPageRepository(shared.db), shared.siteCache);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerPageRoutes(app, service);
    },
  };
}

export type PageModule = ReturnType<typeof createPageModule>;
