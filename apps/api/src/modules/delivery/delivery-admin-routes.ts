import type { FastifyInstance } from 'fastify';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { addPickupClosure, ADDRESS_LABEL_TAKEN_MESSAGE, CARRIER_NOT_FOUND_MESSAGE, CARRIER_ORDER_MISMATCH_MESSAGE, CARRIER_USED_BY_ORDERS_MESSAGE, COUNTRY_NOT_FOUND_MESSAGE, createCarrier, createPickupAddress, deleteCarrier, CLOSURE_NOT_FOUND_MESSAGE, COMPANY_ADDRESS_NOT_FOUND_MESSAGE, deletePickupClosure, getAdminDeliverySettings, PICKUP_HAS_BOOKINGS_MESSAGE, PICKUP_NOT_OFFERED_MESSAGE, reorderCarriers, savePickupCalendar, stopPickup, updateCarrier, updateCompanyAddress, type AdminPickupAddress } from '@comptoir/contract/admin-delivery';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminDeliveryRepository } from './delivery-admin-repository';

/**
 * Delivery settings in the back office (decision 0066). Shipping quotes and click-and-collect
 * slots are computed live from these tables (neither the API nor the storefront caches them), so
 * grid, slot and closure changes apply to the next quote; only whether an address offers
 * click-and-collect, and the addresses themselves, are part of a cached read (the company
 * addresses: contact page, checkout), which is revalidated.
 */
export function registerAdminDeliveryRoutes(
  app: FastifyInstance,
  options: { now: () => Date },
  repository: AdminDeliveryRepository,
): void {
  /** The 409/422 of an address the repository refused. */
  function addressRefusal(problem: 'label-taken' | 'unknown-country'): HttpError {
    return problem === 'label-taken'
      ? new HttpError(409, ADDRESS_LABEL_TAKEN_MESSAGE, [
          { key: 'label', error: ADDRESS_LABEL_TAKEN_MESSAGE },
        ])
      : new HttpError(422, COUNTRY_NOT_FOUND_MESSAGE, [
          { key: 'countryId', error: COUNTRY_NOT_FOUND_MESSAGE },
        ]);
  }

  async function addressOf(siteId: number, id: number): Promise<AdminPickupAddress> {
    const address = await repository.address(siteId, id);
    if (!address) throw new HttpError(404, COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
    return address;
  }

  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, getAdminDeliverySettings, async ({ request }) => ({
      carriers: await repository.carriers(request.site.id),
      addresses: await repository.addresses(request.site.id),
      countries: await repository.countries(),
    }));

    // Carrier writes revalidate no tag: quotes read the carriers live.
    registerEndpoint(scope, createCarrier, async ({ request, body }) =>
      repository.createCarrier(request.site.id, body, await adminActor(request)),
    );

    registerEndpoint(scope, deleteCarrier, async ({ request, params }) => {
      const outcome = await repository.deleteCarrier(
        request.site.id,
        params.id,
        await adminActor(request),
      );
      if (!outcome) throw new HttpError(404, CARRIER_NOT_FOUND_MESSAGE);
      if (outcome === 'used') throw new HttpError(409, CARRIER_USED_BY_ORDERS_MESSAGE);
      return repository.carriers(request.site.id);
    });

    registerEndpoint(scope, reorderCarriers, async ({ request, body }) => {
      const outcome = await repository.reorderCarriers(
        request.site.id,
        body.ids,
        await adminActor(request),
      );
      if (outcome === 'unknown') throw new HttpError(404, CARRIER_NOT_FOUND_MESSAGE);
      if (outcome === 'mismatch') {
        throw new HttpError(422, CARRIER_ORDER_MISMATCH_MESSAGE, [
          { key: 'ids', error: CARRIER_ORDER_MISMATCH_MESSAGE },
        ]);
      }
      return repository.carriers(request.site.id);
    });

    registerEndpoint(scope, createPickupAddress, async ({ request, body }) => {
      const siteId = request.site.id;
      const created = await repository.createPickupAddress(siteId, body, await adminActor(request));
      if (typeof created === 'string') throw addressRefusal(created);
      app.storefrontRevalidation.revalidate(siteId, ['company-addresses']);
      return addressOf(siteId, created.id);
    });

    registerEndpoint(scope, updateCompanyAddress, async ({ request, params, body }) => {
      const siteId = request.site.id;
      const outcome = await repository.updateAddress(
        siteId,
        params.idCompanyAddress,
        body,
        await adminActor(request),
      );
      if (!outcome) throw new HttpError(404, COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
      if (outcome !== 'updated') throw addressRefusal(outcome);
      app.storefrontRevalidation.revalidate(siteId, ['company-addresses']);
      return addressOf(siteId, params.idCompanyAddress);
    });

    registerEndpoint(scope, stopPickup, async ({ request, params }) => {
      const siteId = request.site.id;
      const now = options.now();
      const outcome = await repository.stopPickup(
        siteId,
        params.idCompanyAddress,
        todayInFrance(now),
        now,
        await adminActor(request),
      );
      if (!outcome) throw new HttpError(404, COMPANY_ADDRESS_NOT_FOUND_MESSAGE);
      if (outcome === 'not-offered') throw new HttpError(409, PICKUP_NOT_OFFERED_MESSAGE);
      if (outcome === 'booked') throw new HttpError(409, PICKUP_HAS_BOOKINGS_MESSAGE);
      app.storefrontRevalidation.revalidate(siteId, ['company-addresses']);
      return addressOf(siteId, params.idCompanyAddress);
    });

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
