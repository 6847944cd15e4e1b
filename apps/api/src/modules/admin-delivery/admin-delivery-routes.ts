import type { FastifyInstance } from 'fastify';
import {
  addPickupClosure,
  CARRIER_NOT_FOUND_MESSAGE,
  CLOSURE_NOT_FOUND_MESSAGE,
  COMPANY_ADDRESS_NOT_FOUND_MESSAGE,
  deletePickupClosure,
  getAdminDeliverySettings,
  PICKUP_NOT_OFFERED_MESSAGE,
  savePickupCalendar,
  updateCarrier,
  type AdminPickupAddress,
} from '@comptoir/contract/admin-delivery';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../admin/admin-scope';
import { adminActor } from '../audit/audit-actor';
import { createAdminDeliveryRepository } from './admin-delivery-repository';

/**
 * Delivery settings in the back office (decision 0066). Shipping quotes and click-and-collect
 * slots are computed live from these tables (neither the API nor the storefront caches them), so
 * grid, slot and closure changes apply to the next quote; only whether an address offers
 * click-and-collect is part of a cached read (the company addresses), which is revalidated.
 */
export function registerAdminDeliveryRoutes(app: FastifyInstance): void {
  const repository = createAdminDeliveryRepository(app.database.db);

  async function addressOf(siteId: number, id: number): Promise<AdminPickupAddress> {
    const address = await repository.address(siteId, id);
    if (!address) throw new HttpError(404, COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
    return address;
  }

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminDeliverySettings, async ({ request }) => ({
      carriers: await repository.carriers(request.site.id),
      addresses: await repository.addresses(request.site.id),
    }));

    registerEndpoint(scope, updateCarrier, async ({ request, params, body }) => {
      const saved = await repository.updateCarrier(
        request.site.id,
        params.id,
        body,
        await adminActor(request),
      );
      if (!saved) throw new HttpError(404, CARRIER_NOT_FOUND_MESSAGE);
      return saved;
    });

    registerEndpoint(scope, savePickupCalendar, async ({ request, params, body }) => {
      const siteId = request.site.id;
      const saved = await repository.saveCalendar(
        siteId,
        params.idCompanyAddress,
        body,
        await adminActor(request),
      );
      if (!saved) throw new HttpError(404, COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
      // The company addresses say which ones offer click-and-collect.
      if (saved.created) app.storefrontRevalidation.revalidate(siteId, ['company-addresses']);
      return addressOf(siteId, params.idCompanyAddress);
    });

    registerEndpoint(scope, addPickupClosure, async ({ request, params, body }) => {
      const siteId = request.site.id;
      await addressOf(siteId, params.idCompanyAddress);
      const added = await repository.addClosure(
        siteId,
        params.idCompanyAddress,
        body,
        await adminActor(request),
      );
      if (added === 'no-calendar') throw new HttpError(409, PICKUP_NOT_OFFERED_MESSAGE);
      return addressOf(siteId, params.idCompanyAddress);
    });

    registerEndpoint(scope, deletePickupClosure, async ({ request, params }) => {
      const siteId = request.site.id;
      const deleted = await repository.deleteClosure(
        siteId,
        params.idCompanyAddress,
        params.id,
        await adminActor(request),
      );
      if (!deleted) throw new HttpError(404, CLOSURE_NOT_FOUND_MESSAGE);
      return addressOf(siteId, params.idCompanyAddress);
    });
  });
}
