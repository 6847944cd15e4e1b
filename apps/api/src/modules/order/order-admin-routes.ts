import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersCsvRoute,
  adminPackingSlipRoute,
  getAdminOrder,
  getOrderStats,
  listAdminOrders,
} from '@comptoir/contract/admin-orders';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerFileRoute } from '../../http/register-file-route';
import { registerAdminScope } from '../user';
import { renderPackingSlip } from './order-admin-packing-slip';
import type { OrderAdminService } from './order-admin-service';

/**
 * The back office's orders (decision 0065): reads, the accountant's CSV, the packing slip and
 * the figures. Nothing here writes: status changes and refunds are the payment module's routes,
 * through the order module's one transition function.
 */
export function registerOrderAdminRoutes(app: FastifyInstance, service: OrderAdminService): void {
  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, listAdminOrders, ({ request, query }) =>
      service.list(request.site.id, query, ADMIN_ORDERS_PAGE_SIZE),
    );
    registerFileRoute(admin, adminOrdersCsvRoute, async ({ request, query }) => ({
      ...(await service.csv(request.site.id, query)),
      contentType: 'text/csv; charset=utf-8',
    }));
    registerEndpoint(admin, getOrderStats, ({ request, query }) =>
      service.stats(request.site.id, query),
    );
    registerEndpoint(admin, getAdminOrder, ({ request, params }) =>
      service.detail(request.site.id, params.id),
    );
    registerFileRoute(admin, adminPackingSlipRoute, async ({ request, params }) => {
      const detail = await service.detail(request.site.id, params.id);
      return {
        body: await renderPackingSlip(request.site.name, detail),
        contentType: 'application/pdf',
        filename: `preparation-${detail.order.reference}.pdf`,
      };
    });
  });
}
