import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createNewsRepository } from './news-repository';
import { registerNewsRoutes } from './news-routes';
import { createNewsService } from './news-service';

/** The site's news. */
export function createNewsModule(shared: Pick<SharedPieces, 'db'>) {
  const service = createNewsService(createNewsRepository(shared.db));
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerNewsRoutes(app, service);
    },
  };
}

export type NewsModule = ReturnType<typeof createNewsModule>;
