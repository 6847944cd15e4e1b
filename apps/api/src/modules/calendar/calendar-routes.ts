import type { FastifyInstance } from 'fastify';
import { getAllowedDates, holdSlot, releaseSlot } from '@comptoir/contract/calendar';
import { registerEndpoint } from '../../http/register-endpoint';
import { cartCallerOf, type CartService } from '../cart';
import { type CalendarService } from './calendar-service';

export function registerCalendarRoutes(
  app: FastifyInstance,
  service: CalendarService,
  carts: CartService,
): void {
  registerEndpoint(app, getAllowedDates, ({ request, params }) =>
    service.allowedDates(request.site.id, params.id, params.month, params.year),
  );

  registerEndpoint(app, holdSlot, async ({ request, params, body }) => {
    // Only the cart's owner (or the holder of its secret) holds a place for it: 404 otherwise.
    const cart = await carts.get(request.site.id, body.idCart, await cartCallerOf(request));
    return service.hold(request.site.id, params.id, cart.id, body.date, body.idSchedule);
  });

  registerEndpoint(app, releaseSlot, async ({ request, params }) => {
    const cart = await carts.get(request.site.id, params.cartId, await cartCallerOf(request));
    await service.release(request.site.id, cart.id);
    return null;
  });
}
