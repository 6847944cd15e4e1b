import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { OrderRepository } from '../order';
import type { UserRepository } from '../user';
import { createAdminCustomersRepository } from './admin-customers-repository';
import { registerAdminCustomersRoutes } from './admin-customers-routes';
import { createAdminCustomersService } from './admin-customers-service';

/**
 * The back office's customers (decision 0065): list, detail with orders, the RGPD export and the
 * erasure.
 */
export function createAdminCustomersModule(
  shared: Pick<SharedPieces, 'db' | 'now'>,
  deps: { orderRecords: OrderRepository; users: UserRepository },
) {
  const service = createAdminCustomersService({
    repository: createAdminCustomersRepository(shared.db),
    orderRecords: deps.orderRecords,
    users: deps.users,
    now: shared.now,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminCustomersRoutes(app, service);
    },
  };
}

export type AdminCustomersModule = ReturnType<typeof createAdminCustomersModule>;
