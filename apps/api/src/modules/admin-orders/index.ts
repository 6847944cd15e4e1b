import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { InvoiceRepository } from '../invoice';
import type { OrderMailRepository } from '../order-mail';
import type { OrderRepository, OrderService } from '../order';
import { createAdminOrdersRepository } from './admin-orders-repository';
import { registerAdminOrdersRoutes } from './admin-orders-routes';
import { createAdminOrdersService } from './admin-orders-service';

export { orderSummaryOf, type AdminOrdersService } from './admin-orders-service';

/**
 * The back office's orders (decision 0065): reads, the accountant's CSV, the packing slip and
 * the figures. Status changes and refunds are the payment module's routes.
 */
export function createAdminOrdersModule(
  shared: Pick<SharedPieces, 'db' | 'now'>,
  deps: {
    orders: OrderService;
    orderRecords: OrderRepository;
    invoices: InvoiceRepository;
    places: OrderMailRepository;
  },
) {
  const service = createAdminOrdersService({
    repository: createAdminOrdersRepository(shared.db),
    orderRecords: deps.orderRecords,
    orders: deps.orders,
    invoices: deps.invoices,
    places: deps.places,
    now: shared.now,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerAdminOrdersRoutes(app, service);
    },
  };
}

export type AdminOrdersModule = ReturnType<typeof createAdminOrdersModule>;
