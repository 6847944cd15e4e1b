import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createSearchRepository } from './search-repository';
import { registerSearchRoutes } from './search-routes';
import { createSearchService, type SearchServiceDependencies } from './search-service';

/**
 * The site search behind SHOW_SEARCHBAR (docs/requirements/search.md, decision 0098): the site's
 * pages, news, articles and products, each read where a visitor may read it, by the rules the
 * owning modules hand over.
 */
export function createSearchModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters'>,
  visibility: Omit<SearchServiceDependencies, 'readParameters'>,
) {
  const service = createSearchService(createSearchRepository(shared.db), {
    readParameters: shared.readParameters,
    ...visibility,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerSearchRoutes(app, service);
    },
  };
}

export type SearchModule = ReturnType<typeof createSearchModule>;
