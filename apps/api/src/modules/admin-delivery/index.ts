import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createAdminDeliveryRepository } from './admin-delivery-repository';
import { registerAdminDeliveryRoutes } from './admin-delivery-routes';

/** The back office's delivery: carriers, zones, rates and the shop's addresses and calendar. */
export function createAdminDeliveryModule(shared: Pick<SharedPieces, 'db' | 'now'>) {
  const repository = createAdminDeliveryRepository(shared.db);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerAdminDeliveryRoutes(app, { now: shared.now }, repository);
    },
  };
}

export type AdminDeliveryModule = ReturnType<typeof createAdminDeliveryModule>;
