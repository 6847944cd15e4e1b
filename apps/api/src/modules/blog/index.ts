import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createBlogRepository } from './blog-repository';
import { registerBlogRoutes } from './blog-routes';
import { createBlogService } from './blog-service';

/** The blog: folders and articles as the storefront reads them. */
export function createBlogModule(shared: Pick<SharedPieces, 'db' | 'readParameters'>) {
  const service = createBlogService(createBlogRepository(shared.db), shared.readParameters);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerBlogRoutes(app, service);
    },
  };
}

export type BlogModule = ReturnType<typeof createBlogModule>;
