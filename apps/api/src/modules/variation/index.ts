import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createVariationRepository } from './variation-repository';
import { registerVariationRoutes } from './variation-routes';
import { createVariationService } from './variation-service';

/** The catalogue's variations (sizes, colours…). */
export function createVariationModule(shared: Pick<SharedPieces, 'db' | 'siteCache'>) {
  const service = createVariationService(createVariationRepository(shared.db), shared.siteCache);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerVariationRoutes(app, service);
    },
  };
}

export type VariationModule = ReturnType<typeof createVariationModule>;
