import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { registerAdminBlogRoutes } from './admin-blog-routes';
import { createAdminBlogService } from './admin-blog-service';

/** The back office's blog: folders and articles. */
export function createAdminBlogModule(shared: Pick<SharedPieces, 'db' | 'revalidation'>) {
  const service = createAdminBlogService(shared.db, shared.revalidation);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminBlogRoutes(app, service);
    },
  };
}

export type AdminBlogModule = ReturnType<typeof createAdminBlogModule>;
