import type { FieldError } from '@comptoir/contract/envelope';
import {
  ACCESS_POINT_NOT_OFFERED_MESSAGE,
  ACCESS_POINT_REQUIRED_MESSAGE,
  CARRIER_REQUIRED_MESSAGE,
  CARRIER_UNAVAILABLE_MESSAGE,
  DELIVERY_DESTINATION_REQUIRED_MESSAGE,
  DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
  EMPTY_CART_ORDER_MESSAGE,
  GUEST_DETAILS_REQUIRED_MESSAGE,
  MULTIPLE_ORDER_MESSAGE,
  NO_DELIVERY_REFUSED_MESSAGE,
  ORDER_BIRTHDATE_REQUIRED_MESSAGE,
  ORDER_INVALID_MESSAGE,
  ORDER_MINOR_REFUSED_MESSAGE,
  type orderBodySchema,
  OUT_OF_STOCK_ORDER_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
  UNPUBLISHED_PRODUCT_MESSAGE,
} from '@comptoir/contract/order';
import { addToCartErrorText, limitingStock } from '@comptoir/domain/cart';
import type { Cart } from '@comptoir/contract/cart';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import { ageRules, isAdult, todayInFrance } from '@comptoir/domain/legal-age';
import { ACCESS_POINTS_LIMIT, type AccessPoint } from '@comptoir/contract/relay';
import type { z } from 'zod';
import { HttpError } from '../../../http/http-error';
import type { OrderRepository, OrderTransaction } from '../order-repository';
import type { SiteParameterValues } from '../../../lib/site-parameter-values';
import type { CartCaller } from '../../cart';
import type { DiscountCustomer } from '../../discount';
import type { RelayProvider } from '../../relay';

/*
 * Placing an order, its first steps (docs/requirements/order.md): check the cart and the
 * customer, re-quote the delivery, hold the stock and the slot. Each is a function with its own
 * tests (pure-steps.test.ts, steps-in-transaction.test.ts); order-service.ts place() calls them
 * in order, then the steps of price-and-record.ts.
 */

/** An order refused for these problems: 422, every pair told at once. */
export function refusedWith(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(ORDER_INVALID_MESSAGE, errors), errors);
}

// ---------------------------------------------------------------------------------------------
// Check the cart
// ---------------------------------------------------------------------------------------------

/** The units of each declination the cart holds, all its lines together. */
export function quantitiesByDeclination(
  lines: readonly { declinationId: number; quantity: number }[],
): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    quantities.set(line.declinationId, (quantities.get(line.declinationId) ?? 0) + line.quantity);
  }
  return quantities;
}

/**
 * Step 1, before the transaction: stock, multiples and publication of every line as the
 * catalogue stands, and the customization answers the catalogue still takes (`answerProblems`,
 * the cart module's). An empty cart has this one problem. The stock counts only where the site
 * uses it (`useStock`, USE_STOCK at order time: docs/requirements/site-parameters.md).
 */
export async function cartLineProblems(
  catalogue: Pick<OrderRepository, 'declinationsOf'>,
  answerProblems: ((siteId: number, cart: Cart) => Promise<FieldError[]>) | undefined,
  siteId: number,
  cart: Cart,
  useStock: boolean,
): Promise<FieldError[]> {
  if (cart.products.length === 0) {
    return [{ key: 'idCart', error: EMPTY_CART_ORDER_MESSAGE }];
  }
  const errors: FieldError[] = [];
  const declinations = await catalogue.declinationsOf(siteId, [
    ...new Set(cart.products.map((line) => line.declinationId)),
  ]);
  const wanted = quantitiesByDeclination(cart.products);
  for (const line of cart.products) {
    const declination = declinations.find((candidate) => candidate.id === line.declinationId);
    const key = `products.${line.id}`;
    if (!declination || !declination.isPublished) {
      errors.push({ key, error: UNPUBLISHED_PRODUCT_MESSAGE(line.name) });
      continue;
    }
    if (line.quantity % declination.sellByMultipleOf !== 0) {
      errors.push({ key, error: MULTIPLE_ORDER_MESSAGE(line.name, declination.sellByMultipleOf) });
    }
    const quantity = wanted.get(line.declinationId) ?? 0;
    const stock = limitingStock(declination, useStock);
    if (stock !== null && quantity > stock) {
      errors.push({ key, error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, stock) });
    }
  }
  // A required customization is paid for: a line without its answer is not ordered.
  errors.push(...((await answerProblems?.(siteId, cart)) ?? []));
  return errors;
}

/** The cart checked under its lock: still open with the units priced, or already closed. */
export type LockedCart = { closed: false; quantities: Map<number, number> } | { closed: true };

/**
 * Step 1, inside the transaction: locks the cart (two orders of one cart run one after the
 * other) and checks that it is still the one priced, line for line. A closed cart (the same
 * request went through while this one waited) is answered as such for the caller to replay;
 * a cart whose lines changed is a 409.
 */
export async function lockUnchangedCart(
  tx: Pick<OrderTransaction, 'lockOpenCart' | 'cartLines'>,
  siteId: number,
  cart: Cart,
): Promise<LockedCart> {
  const locked = await tx.lockOpenCart(siteId, cart.id);
  if (!locked || locked.closedAt !== null) return { closed: true };
  const priced = quantitiesByDeclination(cart.products);
  const current = quantitiesByDeclination(await tx.cartLines(siteId, cart.id));
  const unchanged =
    priced.size === current.size &&
    [...priced].every(([declinationId, quantity]) => current.get(declinationId) === quantity);
  if (!unchanged) throw new HttpError(409, CART_CHANGED_MESSAGE);
  return { closed: false, quantities: priced };
}

// ---------------------------------------------------------------------------------------------
// Check the customer
// ---------------------------------------------------------------------------------------------

/** The customer part of an order's body. */
export interface CustomerDetails {
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  phone?: string | null;
  birthdate?: string | null;
}

/**
 * Step 1, before the transaction: the customer's identity (a guest names themselves) and, on a
 * winemaker site or one that sells alcohol, the sale-to-minors rules (BLOCK_MINORS,
 * ASK_BIRTHDATE_AT_REGISTER, both on where SELLS_ALCOHOL is: decision 0109) on the Paris day
 * `today`.
 */
export function customerProblems(
  site: { isWinemaker: boolean },
  caller: CartCaller,
  given: CustomerDetails,
  parameters: SiteParameterValues,
  today: string,
): FieldError[] {
  const errors: FieldError[] = [];
  if (!caller.user && (!given.email || !given.firstname || !given.lastname)) {
    errors.push({ key: 'user.email', error: GUEST_DETAILS_REQUIRED_MESSAGE });
  }
  if (!site.isWinemaker && !parameters.isOn('SELLS_ALCOHOL')) return errors;
  const { asksBirthdate: asks, blocksMinors } = ageRules(parameters.isOn);
  const birthdate = caller.user?.birthdate ?? given.birthdate ?? null;
  if (!birthdate) {
    if (asks) errors.push({ key: 'user.birthdate', error: ORDER_BIRTHDATE_REQUIRED_MESSAGE });
  } else if (blocksMinors && !isAdult(birthdate, today)) {
    errors.push({ key: 'user.birthdate', error: ORDER_MINOR_REFUSED_MESSAGE });
  }
  return errors;
}

/**
 * Whom a code counts its uses against: the account, or the guest's e-mail when given; with the
 * order's phone, or the account's before the order gives one (decision 0079).
 */
export function discountCustomerOf(
  caller: CartCaller,
  given?: { email?: string | null; phone?: string | null },
): DiscountCustomer | null {
  const phone = given?.phone ?? caller.user?.phone ?? null;
  if (caller.user) return { userId: caller.user.id, email: caller.user.email, phone };
  return given?.email ? { userId: null, email: given.email, phone } : null;
}

// ---------------------------------------------------------------------------------------------
// Re-quote the delivery
// ---------------------------------------------------------------------------------------------

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
      siteId,
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

// ---------------------------------------------------------------------------------------------
// Hold the stock
// ---------------------------------------------------------------------------------------------

/** A declination as the order reads it under its lock. */
export type HeldDeclination = Awaited<ReturnType<OrderTransaction['lockDeclinations']>>[number];

/**
 * Step 3, inside the transaction: locks the cart's declinations in id order (two orders never
 * wait for each other in a circle) and takes the units of those whose stock limits a sale, by the
 * storefront's rule (`limitingStock`): none where the site does not use stock (USE_STOCK off,
 * docs/requirements/site-parameters.md), so nothing is reserved and nothing goes back later.
 * Each declination answered says in `isStockManaged` whether this order took its units (the
 * order line keeps it for a cancellation's restock). Any line short of stock refuses the order
 * (422, each line named) and the transaction gives back what was taken; a declination gone
 * from the catalogue is a changed cart (409).
 */
export async function holdStock(
  tx: Pick<OrderTransaction, 'lockDeclinations' | 'takeStock'>,
  siteId: number,
  cart: Cart,
  quantities: ReadonlyMap<number, number>,
  useStock: boolean,
): Promise<HeldDeclination[]> {
  const declinations = await tx.lockDeclinations(
    siteId,
    [...quantities.keys()].sort((a, b) => a - b),
  );
  const stockErrors: FieldError[] = [];
  for (const declination of declinations) {
    if (limitingStock(declination, useStock) === null) continue;
    const quantity = quantities.get(declination.id) ?? 0;
    if (!(await tx.takeStock(siteId, declination.id, quantity))) {
      const line = cart.products.find((candidate) => candidate.declinationId === declination.id)!;
      stockErrors.push({
        key: `products.${line.id}`,
        error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, declination.stock),
      });
    }
  }
  if (declinations.length !== quantities.size) throw new HttpError(409, CART_CHANGED_MESSAGE);
  if (stockErrors.length > 0) throw refusedWith(stockErrors);
  return declinations.map((declination) => ({
    ...declination,
    isStockManaged: limitingStock(declination, useStock) !== null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Hold the slot
// ---------------------------------------------------------------------------------------------

/** A click-and-collect slot as the order names it: the place, the Paris day and the schedule. */
export interface SlotChoice {
  companyAddressId: number;
  date: string;
  scheduleId: number;
}

/**
 * Step 3, inside the transaction: the slot the cart holds becomes the order's (it no longer
 * expires). A hold that expired or was never this slot refuses the order. Nothing without a slot.
 */
export async function holdSlot(
  tx: Pick<OrderTransaction, 'takeSlot'>,
  siteId: number,
  cartId: number,
  slot: SlotChoice | null,
  at: Date,
): Promise<void> {
  if (slot && !(await tx.takeSlot(siteId, cartId, slot, at))) {
    throw refusedWith([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);
  }
}
