import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createElementRepository } from './element-repository';
import { registerElementRoutes } from './element-routes';
import { createElementService } from './element-service';

export { elementColumns } from './element-repository';

/** The site's elements (events and their registrations' settings). */
export function createElementModule(shared: Pick<SharedPieces, 'db'>) {
  const service = createElementService(createElementRepository(shared.db));
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerElementRoutes(app, service);
    },
  };
}

export type ElementModule = ReturnType<typeof createElementModule>;
