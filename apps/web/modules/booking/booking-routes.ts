import type {
  cancelBooking,
  confirmBooking,
  getBooking,
  getBookingAvailability,
  holdBooking,
  listMyBookings,
  moveBooking,
  payBooking,
} from '@comptoir/contract/booking';
import { route } from '../account/browser-api';

/*
 * The booking pages' calls named by method and path only (as the delivery step's, decision
 * 0046): the pages read the API's answers without the contract's schemas, so zod stays out of
 * their first load. booking-routes.test.ts checks these against the contract.
 */

export const availabilityRoute = route<typeof getBookingAvailability>(
  'GET',
  '/booking/service/:id/availability',
);
export const holdRoute = route<typeof holdBooking>('POST', '/booking/hold');
export const confirmRoute = route<typeof confirmBooking>('POST', '/booking/:id/confirm');
export const bookingRoute = route<typeof getBooking>('GET', '/booking/:id');
export const cancelRoute = route<typeof cancelBooking>('POST', '/booking/:id/cancel');
export const moveRoute = route<typeof moveBooking>('POST', '/booking/:id/move');
export const myBookingsRoute = route<typeof listMyBookings>('GET', '/booking/mine');
export const payRoute = route<typeof payBooking>('POST', '/booking/:id/payment-intent');
