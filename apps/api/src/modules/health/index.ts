import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { registerHealthRoutes } from './health-routes';

/** GET /health and GET /ready (the database, the storage and Redis answer). */
export function createHealthModule(shared: Pick<SharedPieces, 'db'>) {
  return {
    registerRoutes(app: FastifyInstance): void {
      registerHealthRoutes(app, shared.db);
    },
  };
}

export type HealthModule = ReturnType<typeof createHealthModule>;
