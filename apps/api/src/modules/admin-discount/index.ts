import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminDiscountRepository } from './admin-discount-repository';
import { registerAdminDiscountRoutes } from './admin-discount-routes';

/** The back office's discount codes. */
export function createAdminDiscountModule(shared: Pick<SharedPieces, 'db'>) {
  const repository = createAdminDiscountRepository(shared.db);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerAdminDiscountRoutes(app, repository);
    },
  };
}

export type AdminDiscountModule = ReturnType<typeof createAdminDiscountModule>;
