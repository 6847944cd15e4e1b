import type { FastifyInstance } from 'fastify';
import { calculateShippingFees } from '@comptoir/contract/shipping';
import { registerEndpoint } from '../../http/register-endpoint';
import { createSiteParameterReader } from '../../lib/site-parameter-values';
import { cartCallerOf } from '../cart/cart-routes';
import type { CartService } from '../cart/cart-service';
import { loadCityIndex } from '../city/city-index';
import type { CountryLookup } from '../country/country-lookup';
import { createDeliveryRepository } from './delivery-repository';
import { createDeliveryService } from './delivery-service';

export function registerDeliveryRoutes(
  app: FastifyInstance,
  countries: CountryLookup,
  carts: CartService,
): void {
  const readParameters = createSiteParameterReader(app.database.db, app.siteCache);
  const service = createDeliveryService({
    repository: createDeliveryRepository(app.database.db),
    countries,
    cities: loadCityIndex,
    readParameters,
  });

  registerEndpoint(app, calculateShippingFees, async ({ request, body }) => {
    // The cart as its owner sees it, priced from the catalogue: 404 for anyone else's.
    const cart = await carts.get(request.site.id, body.idCart, await cartCallerOf(request));
    return service.quote(request.site.id, cart, body);
  });
}
