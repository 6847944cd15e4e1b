import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  ACCESS_POINT_NOT_OFFERED_MESSAGE,
  ACCESS_POINT_REQUIRED_MESSAGE,
  CARRIER_REQUIRED_MESSAGE,
  CARRIER_UNAVAILABLE_MESSAGE,
  DELIVERY_DESTINATION_REQUIRED_MESSAGE,
  DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
  NO_DELIVERY_REFUSED_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
  type orderBodySchema,
} from '@comptoir/contract/order';
import { ACCESS_POINTS_LIMIT, type AccessPoint } from '@comptoir/contract/relay';
import { todayInFrance } from '@comptoir/domain/legal-age';
import type { z } from 'zod';
import { HttpError } from '../../../http/http-error';
import type { RelayProvider } from '../../relay';
import type { OrderRepository } from '../order-repository';
import type { SlotChoice } from './hold-slot';

/** The delivery part of a request, as validate and order both read it. */
export interface DeliveryRequest {
  delivery?: z.output<typeof orderBodySchema>['delivery'] | null;
  deliveryPostalCode?: string | null;
  deliveryIdCountry?: string | null;
  dateSchedule?: string | null;
  idSchedule?: number | null;
  /** The order's delivery address: its commune is part of the relay points' search. */
  address?: { delivery?: { city: string } | null } | null;
}

/** A carrier quote as the delivery module answers it. */
export interface QuotedCarrier {
  id: number;
  name: string;
  serviceCode: string;
  fdp: number;
  deliveryType: 'DELIVERY' | 'PICKUP';
}

export interface DeliveryQuoting {
  /** The cart's slot hold, if any (click and collect). */
  bookings: Pick<OrderRepository, 'liveBookingOf' | 'hasBooking'>;
  /** The carriers that deliver this cart there, priced by the delivery module. */
  quote: (
    siteId: number,
    cart: Cart,
    destination: { postalCode: string; country: string },
  ) => Promise<{ carriers: QuotedCarrier[] }>;
  /** The relay points offered for a destination: a PICKUP order's point must be one of them. */
  relayPoints: RelayProvider;
  now: () => Date;
}

export interface RequotedDelivery {
  errors: FieldError[];
  carrier: QuotedCarrier | null;
  slot: SlotChoice | null;
  /** The relay point as the provider describes it (PICKUP only). */
  accessPoint: AccessPoint | null;
}

/** The Paris day of a slot's ISO start ("2026-03-02T09:00:00.000Z" → "2026-03-02"). */
function parisDayOf(dateSchedule: string): string | null {
  const at = new Date(dateSchedule);
  if (Number.isNaN(at.getTime())) return null;
  return todayInFrance(at);
}

/**
 * Step 2, before the transaction (it may call a relay provider): the delivery choice and its
 * rules. The carrier is quoted again from the cart itself (the request never carries a price),
 * the relay point searched again, the slot checked as still held. Problems come back as pairs.
 */
export async function requoteDelivery(
  quoting: DeliveryQuoting,
  siteId: number,
  cart: Cart,
  request: DeliveryRequest,
): Promise<RequotedDelivery> {
  const outcome: RequotedDelivery = { errors: [], carrier: null, slot: null, accessPoint: null };
  // An empty cart has nothing to deliver: its one problem is said by the line checks.
  if (cart.products.length === 0) return outcome;
  const delivery = request.delivery;
  const nothingToShip = cart.isDematerialized;
  if (!delivery) {
    // Only the cart was named: check the slot it holds, if any.
    const booking = await quoting.bookings.liveBookingOf(siteId, cart.id, quoting.now());
    if (booking === null && (await quoting.bookings.hasBooking(siteId, cart.id))) {
      outcome.errors.push({ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE });
    }
    return outcome;
  }
  if (delivery.type === 'NO_DELIVERY') {
    if (!nothingToShip) {
      outcome.errors.push({ key: 'delivery.type', error: NO_DELIVERY_REFUSED_MESSAGE });
    }
    return outcome;
  }
  if (nothingToShip) {
    outcome.errors.push({
      key: 'delivery.type',
      error: DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
    });
    return outcome;
  }
  if (delivery.type === 'CLICK_AND_COLLECT') {
    const day = request.dateSchedule ? parisDayOf(request.dateSchedule) : null;
    if (!delivery.idCompanyAddress || day === null || request.idSchedule == null) {
      outcome.errors.push({ key: 'idSchedule', error: SLOT_REQUIRED_MESSAGE });
      return outcome;
    }
    const booking = await quoting.bookings.liveBookingOf(siteId, cart.id, quoting.now());
    const slot = {
      companyAddressId: delivery.idCompanyAddress,
      date: day,
      scheduleId: request.idSchedule,
    };
    const matches =
      booking !== null &&
      booking.companyAddressId === slot.companyAddressId &&
      booking.slotDate === slot.date &&
      booking.scheduleId === slot.scheduleId;
    if (!matches) outcome.errors.push({ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE });
    else outcome.slot = slot;
    return outcome;
  }
  // DELIVERY (to the door) or PICKUP (to a relay point): a carrier of that kind, re-quoted.
  if (!request.deliveryPostalCode || !request.deliveryIdCountry) {
    outcome.errors.push({
      key: 'deliveryPostalCode',
      error: DELIVERY_DESTINATION_REQUIRED_MESSAGE,
    });
    return outcome;
  }
  if (!delivery.idCarrier) {
    outcome.errors.push({ key: 'delivery.idCarrier', error: CARRIER_REQUIRED_MESSAGE });
    return outcome;
  }
  let carriers: QuotedCarrier[];
  try {
    ({ carriers } = await quoting.quote(siteId, cart, {
      postalCode: request.deliveryPostalCode,
      country: request.deliveryIdCountry,
    }));
  } catch (error) {
    // The delivery rules' own refusals (min/max bottles, unknown postal code…) become pairs.
    if (error instanceof HttpError && error.statusCode === 422) {
      outcome.errors.push(...(error.errors ?? [{ key: 'delivery', error: error.message }]));
      return outcome;
    }
    throw error;
  }
  const carrier = carriers.find(
    (candidate) => candidate.id === delivery.idCarrier && candidate.deliveryType === delivery.type,
  );
  if (!carrier) {
    outcome.errors.push({ key: 'delivery.idCarrier', error: CARRIER_UNAVAILABLE_MESSAGE });
    return outcome;
  }
  if (delivery.type === 'PICKUP' && !delivery.accessPointId) {
    outcome.errors.push({ key: 'delivery.accessPointId', error: ACCESS_POINT_REQUIRED_MESSAGE });
  } else if (delivery.type === 'PICKUP') {
    // Searched again as the delivery step searched it: a point the provider does not offer
    // there is refused, and the one it offers is kept as the provider describes it, whatever
    // name or address the request carried (decision 0082).
    const offered = await quoting.relayPoints.findAccessPoints({
      postalCode: request.deliveryPostalCode,
      city: request.address?.delivery?.city ?? null,
      country: request.deliveryIdCountry,
      address: null,
      position: null,
      limit: ACCESS_POINTS_LIMIT,
    });
    outcome.accessPoint = offered.find((point) => point.id === delivery.accessPointId) ?? null;
    if (!outcome.accessPoint) {
      outcome.errors.push({
        key: 'delivery.accessPointId',
        error: ACCESS_POINT_NOT_OFFERED_MESSAGE,
      });
    }
  }
  outcome.carrier = carrier;
  return outcome;
}
