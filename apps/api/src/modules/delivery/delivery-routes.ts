import type { FastifyInstance } from 'fastify';
import { calculateShippingFees } from '@comptoir/contract/shipping';
import { registerEndpoint } from '../../http/register-endpoint';
import { cartCallerOf, type CartService } from '../cart';
import type { DeliveryService } from './delivery-service';

export function registerDeliveryRoutes(
  app: FastifyInstance,
  service: DeliveryService,
  carts: CartService,
): void {
  registerEndpoint(app, calculateShippingFees, async ({ request, body }) => {
    // The cart as its owner sees it, priced from the catalogue: 404 for anyone else's.
    const cart = await carts.get(request.site.id, body.idCart, await cartCallerOf(request));
    return service.quote(request.site.id, cart, body);
  });
}
