import { describe, expect, it } from 'vitest';
import {
  BOOKING_TOKEN_HEADER,
  cancelBooking,
  confirmBooking,
  getBooking,
  getBookingAvailability,
  holdBooking,
  listMyBookings,
  moveBooking,
  payBooking,
} from '@comptoir/contract/booking';
import { BOOKING_TOKEN_HEADER_NAME } from './booking-paths';
import {
  availabilityRoute,
  bookingRoute,
  cancelRoute,
  confirmRoute,
  holdRoute,
  moveRoute,
  myBookingsRoute,
  payRoute,
} from './booking-routes';

describe("the booking pages' zod-free routes", () => {
  it.each([
    ['availability', availabilityRoute, getBookingAvailability],
    ['hold', holdRoute, holdBooking],
    ['confirm', confirmRoute, confirmBooking],
    ['get', bookingRoute, getBooking],
    ['cancel', cancelRoute, cancelBooking],
    ['move', moveRoute, moveBooking],
    ['mine', myBookingsRoute, listMyBookings],
    ['payment', payRoute, payBooking],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});

it('sends the token in the header the contract names', () => {
  expect(BOOKING_TOKEN_HEADER_NAME).toBe(BOOKING_TOKEN_HEADER);
});
