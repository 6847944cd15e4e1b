import type { FastifyInstance } from 'fastify';
import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  adminCustomerExportRoute,
  anonymiseCustomer,
  getAdminCustomer,
  listAdminCustomers,
} from '@comptoir/contract/admin-customers';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerFileRoute } from '../../http/register-file-route';
import { registerAdminScope } from './admin-scope';
import type { CustomerJournal, UserAdminService } from './user-admin-service';

/**
 * The back office's customers (decision 0065): list, detail with orders, the RGPD export and the
 * erasure. No storefront page shows a customer, so no cache tag is revalidated.
 */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  service: UserAdminService,
  journal: Pick<CustomerJournal, 'actorOf'>,
): void {
  registerAdminScope(app, (admin) => {
    registerEndpoint(admin, listAdminCustomers, ({ request, query }) =>
      service.list(request.site.id, query, ADMIN_CUSTOMERS_PAGE_SIZE),
    );
    registerEndpoint(admin, getAdminCustomer, ({ request, params }) =>
      service.detail(request.site.id, params.id),
    );
    registerFileRoute(admin, adminCustomerExportRoute, async ({ request, params }) => ({
      ...(await service.export(request.site.id, params.id)),
      contentType: 'application/json; charset=utf-8',
    }));
    registerEndpoint(admin, anonymiseCustomer, async ({ request, params }) =>
      service.anonymise(request.site.id, params.id, await journal.actorOf(request)),
    );
  });
}
