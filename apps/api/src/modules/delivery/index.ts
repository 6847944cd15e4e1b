import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartService } from '../cart';
import { loadCityIndex } from '../city';
import type { CountryLookup } from '../country';
import { createDeliveryRepository } from './delivery-repository';
import { registerDeliveryRoutes } from './delivery-routes';
import { createDeliveryService } from './delivery-service';

export type { DeliveryService } from './delivery-service';

/**
 * Delivery: the shipping quote of a cart (POST /shipping-fees). The order module is given the
 * same service: an order's fees are quoted again from its cart by the same rules.
 */
export function createDeliveryModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters'>,
  deps: { countries: CountryLookup; carts: CartService },
) {
  const service = createDeliveryService({
    repository: createDeliveryRepository(shared.db),
    countries: deps.countries,
    cities: loadCityIndex,
    readParameters: shared.readParameters,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerDeliveryRoutes(app, service, deps.carts);
    },
  };
}

export type DeliveryModule = ReturnType<typeof createDeliveryModule>;
