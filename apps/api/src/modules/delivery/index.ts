import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartService } from '../cart';
import { loadCityIndex } from '../city';
import type { CountryLookup } from '../country';
import { createAdminDeliveryRepository } from './delivery-admin-repository';
import { registerAdminDeliveryRoutes } from './delivery-admin-routes';
import { createDeliveryRepository } from './delivery-repository';
import { registerDeliveryRoutes } from './delivery-routes';
import { createDeliveryService } from './delivery-service';

export type { DeliveryService } from './delivery-service';

/**
 * Delivery: the shipping quote of a cart (POST /shipping-fees). The order module is given the
 * same service: an order's fees are quoted again from its cart by the same rules. The back
 * office's delivery (carriers, zones, rates, the shop's addresses and calendar) is here too.
 */
export function createDeliveryModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'now'>,
  deps: { countries: CountryLookup; carts: CartService },
) {
  const service = createDeliveryService({
    repository: createDeliveryRepository(shared.db),
    countries: deps.countries,
    cities: loadCityIndex,
    readParameters: shared.readParameters,
  });
  const admin = createAdminDeliveryRepository(shared.db);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerDeliveryRoutes(app, service, deps.carts);
      // The back office's delivery.
      registerAdminDeliveryRoutes(app, { now: shared.now }, admin);
    },
  };
}

export type DeliveryModule = ReturnType<typeof createDeliveryModule>;
