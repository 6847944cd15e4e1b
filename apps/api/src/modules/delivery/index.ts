import type { FastifyInstance } from 'fastify';
import { shippingParametersOf } from '@comptoir/domain/shipping-rules';
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
  const { readParameters } = shared;
  const service = createDeliveryService({
    repository: createDeliveryRepository(shared.db),
    countries: deps.countries,
    cities: loadCityIndex,
    shippingParameters: async (siteId) => {
      const values = await readParameters(siteId);
      return shippingParametersOf({ number: values.number, flag: values.isOn, text: values.text });
    },
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerDeliveryRoutes(app, service, deps.carts);
    },
  };
}

export type DeliveryModule = ReturnType<typeof createDeliveryModule>;
