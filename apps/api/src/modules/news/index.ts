import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminNewsService, registerAdminNewsRoutes } from './news-admin';
import { createNewsRepository } from './news-repository';
import { registerNewsRoutes } from './news-routes';

/** What a visitor may read of a site's news (the site search reads through it). */
export { publishedNews } from './news-repository';
import { createNewsService } from './news-service';

/** The site's news, and the back office's. */
export function createNewsModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createNewsService(createNewsRepository(shared.db));
  const admin = createAdminNewsService(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerNewsRoutes(app, service);
      // The back office's news.
      registerAdminNewsRoutes(app, admin);
    },
  };
}

export type NewsModule = ReturnType<typeof createNewsModule>;
