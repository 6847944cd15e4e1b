/*
 * How the customer gets the order (docs/requirements/delivery.md): the storefront's three delivery types, the order
 * payload's four, and what choosing one does to the carrier, the fee and the total.
 */

export const STOREFRONT_DELIVERY_TYPES = ['delivery', 'clickAndCollect', 'no_delivery'] as const;
export type StorefrontDeliveryType = (typeof STOREFRONT_DELIVERY_TYPES)[number];

/** The order payload's delivery.type (docs/requirements/order.md). */
export const ORDER_DELIVERY_TYPES = [
  'PICKUP',
  'DELIVERY',
  'CLICK_AND_COLLECT',
  'NO_DELIVERY',
] as const;
export type OrderDeliveryType = (typeof ORDER_DELIVERY_TYPES)[number];

/** A carrier's kind of service (docs/requirements/delivery.md): to the door, or to a relay point. */
export const CARRIER_DELIVERY_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type CarrierDeliveryType = (typeof CARRIER_DELIVERY_TYPES)[number];

/** The carrier part of a delivery choice: what the fee and the order need of it. */
export interface ChosenCarrier {
  id: number;
  deliveryType: CarrierDeliveryType;
  /** What the customer pays for it, in cents (the spec's fdp). */
  fdpCents: number;
}

/** The delivery choices the storefront keeps (docs/requirements/delivery.md), reduced to what the rules read. */
export interface DeliveryChoice<City = unknown, AccessPoint = unknown, Price = unknown> {
  type: StorefrontDeliveryType;
  carrier: ChosenCarrier | null;
  city: City | null;
  /** The carriers and prices last quoted for the cart. */
  shippingPrices: readonly Price[];
  accessPoint: AccessPoint | null;
}

/**
 * Switching the delivery type. Choosing clickAndCollect resets the carrier, the city, the quoted
 * shipping prices and the access point (docs/requirements/delivery.md); no_delivery has no carrier either. Choosing
 * delivery keeps what was chosen before, so that going back and forth keeps the city.
 */
export function chooseDeliveryType<C, A, P>(
  choice: DeliveryChoice<C, A, P>,
  type: StorefrontDeliveryType,
): DeliveryChoice<C, A, P> {
  switch (type) {
    case 'clickAndCollect':
      return { type, carrier: null, city: null, shippingPrices: [], accessPoint: null };
    case 'no_delivery':
      return { ...choice, type, carrier: null, accessPoint: null };
    case 'delivery':
      return { ...choice, type };
  }
}

/**
 * The shipping fee in cents (docs/requirements/delivery.md): 0 for clickAndCollect and no_delivery; for delivery the
 * chosen carrier's fdp, and null (unknown) until a carrier is chosen.
 */
export function shippingFeeCents(choice: Pick<DeliveryChoice, 'type' | 'carrier'>): number | null {
  if (choice.type !== 'delivery') return 0;
  return choice.carrier === null ? null : choice.carrier.fdpCents;
}

/**
 * The cart total (docs/requirements/delivery.md): the products, plus the fee for delivery. While a delivery has no
 * carrier the fee is unknown, and so is the total (null): the storefront shows the products only.
 */
export function cartTotalCents(
  productsCents: number,
  choice: Pick<DeliveryChoice, 'type' | 'carrier'>,
): number | null {
  const fee = shippingFeeCents(choice);
  return fee === null ? null : productsCents + fee;
}

/**
 * The order payload's delivery type: a delivery to a relay point (a PICKUP carrier) is PICKUP, to
 * the door DELIVERY; clickAndCollect is CLICK_AND_COLLECT and no_delivery NO_DELIVERY. A delivery
 * without a carrier cannot be ordered: null.
 */
export function orderDeliveryType(
  choice: Pick<DeliveryChoice, 'type' | 'carrier'>,
): OrderDeliveryType | null {
  switch (choice.type) {
    case 'clickAndCollect':
      return 'CLICK_AND_COLLECT';
    case 'no_delivery':
      return 'NO_DELIVERY';
    case 'delivery':
      return choice.carrier === null ? null : choice.carrier.deliveryType;
  }
}

/**
 * The delivery types a cart may use: a cart whose products are all dematerialized (tickets,
 * vouchers) has nothing to ship and is no_delivery only; any other cart chooses between delivery
 * and clickAndCollect (when the site has a click-and-collect address).
 */
export function allowedDeliveryTypes(
  lines: readonly { isDematerialized: boolean }[],
  hasClickAndCollect: boolean,
): StorefrontDeliveryType[] {
  if (lines.length > 0 && lines.every((line) => line.isDematerialized)) return ['no_delivery'];
  return hasClickAndCollect ? ['delivery', 'clickAndCollect'] : ['delivery'];
}
