import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { registerParameterRoutes } from './parameter-routes';
import { createParameterService } from './parameter-service';

/** The site's parameters, and the reader every other module is given. */
export function createParameterModule(shared: Pick<SharedPieces, 'db' | 'siteCache'>) {
  const service = createParameterService(shared.db, shared.siteCache);
  return {
    service,
    /** Every module reads a site's parameters through this one reader (compose.ts hands it on). */
    readParameters: service.read,
    /** The same reader within a caller's transaction (the order's mails). */
    readParametersIn: service.readIn,
    registerRoutes(app: FastifyInstance): void {
      registerParameterRoutes(app, service);
    },
  };
}

export type ParameterModule = ReturnType<typeof createParameterModule>;
