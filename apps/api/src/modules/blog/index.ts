import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { registerAdminBlogRoutes } from './blog-admin-routes';
import { createAdminBlogService } from './blog-admin-service';
import { createBlogRepository } from './blog-repository';
import { registerBlogRoutes } from './blog-routes';
import { createBlogService } from './blog-service';

/** What a visitor may read of a site's blog (the site search reads through it). */
export { publishedArticles } from './blog-repository';

/**
 * The blog: folders and articles as the storefront reads them, and as the back office writes
 * them.
 */
export function createBlogModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'revalidation'>,
) {
  const service = createBlogService(createBlogRepository(shared.db), shared.readParameters);
  const admin = createAdminBlogService(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerBlogRoutes(app, service);
      // The back office's blog.
      registerAdminBlogRoutes(app, admin);
    },
  };
}

export type BlogModule = ReturnType<typeof createBlogModule>;
