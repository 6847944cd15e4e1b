import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BOOKING_TOKEN_HEADER,
  cancelBooking,
  confirmBooking,
  getBooking,
  getBookingAvailability,
  holdBooking,
  listBookableServices,
  listMyBookings,
  moveBooking,
  payBooking,
} from '@comptoir/contract/booking';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { markPrivateAnswer } from '../../plugins/private-answers';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import type { BookingCaller, BookingService } from './booking-service';

/**
 * The caller of a booking route: the token header (from the hold or the mail) and the session's
 * user. The answer is theirs alone (decision 0080): a booking, or the hold's new token.
 */
async function callerOf(request: FastifyRequest): Promise<BookingCaller> {
  markPrivateAnswer(request);
  const header = request.headers[BOOKING_TOKEN_HEADER];
  const token =
    typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
  const user = await request.getUser();
  return { token, userId: user?.id ?? null };
}

/** The storefront's reservations (docs/requirements/reservations.md). */
export function registerBookingRoutes(
  app: FastifyInstance,
  service: BookingService,
  holdsPerIp: RateLimit,
): void {
  registerEndpoint(app, listBookableServices, async ({ request, query }) => ({
    services: await service.listServices(request.site.id, query.serviceId),
  }));
  registerEndpoint(app, getBookingAvailability, ({ request, params, query }) =>
    service.availability(request.site.id, params.id, query),
  );
  // Every hold is a row and takes a time for 15 minutes: a client address holds only so many.
  registerWithIpRateLimit(app, holdsPerIp, (scope) => {
    registerEndpoint(scope, holdBooking, async ({ request, body }) =>
      service.hold(request.site.id, await callerOf(request), body),
    );
  });
  registerEndpoint(app, listMyBookings, async ({ request }) => {
    const user = await request.getUser();
    if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
    return { bookings: await service.mine(request.site.id, user.id) };
  });
  registerEndpoint(app, getBooking, async ({ request, params }) =>
    service.get(request.site.id, params.id, await callerOf(request)),
  );
  registerEndpoint(app, confirmBooking, async ({ request, params, body }) => {
    const user = await request.getUser();
    return service.confirm(request.site.id, params.id, await callerOf(request), body, user);
  });
  registerEndpoint(app, cancelBooking, async ({ request, params }) =>
    service.cancel(request.site.id, params.id, await callerOf(request)),
  );
  registerEndpoint(app, moveBooking, async ({ request, params, body }) =>
    service.move(request.site.id, params.id, await callerOf(request), body),
  );
  registerEndpoint(app, payBooking, async ({ request, params }) =>
    service.paymentIntent(request.site.id, params.id, await callerOf(request)),
  );
}
