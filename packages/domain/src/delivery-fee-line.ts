import { formatPrice } from './money';

/*
 * The line of a recap that says what getting the order costs (issue 30, decision 0086): one
 * label and one value per idea, on the cart, the delivery step, the checkout, the confirmation,
 * the account's order page and the order mails. A carrier's fee is « Frais de livraison », free
 * when the shop offers it (« Offerts »); a click-and-collect order has no fee to offer:
 * « Retrait sur place : Gratuit ». An order with nothing to deliver has no such line.
 */

/** A delivery type, as an order names it or as the storefront's cart does. */
export type FeeDeliveryType =
  | 'DELIVERY'
  | 'PICKUP'
  | 'CLICK_AND_COLLECT'
  | 'NO_DELIVERY'
  | 'delivery'
  | 'clickAndCollect'
  | 'no_delivery';

export interface DeliveryFeeLine {
  label: string;
  value: string;
}

/** A carrier's fee: « 9,90 € », « Offerts » at 0, « À choisir » before a carrier is chosen. */
export function carrierFeeText(feeCents: number | null): string {
  return feeCents === null ? 'À choisir' : feeCents === 0 ? 'Offerts' : formatPrice(feeCents);
}

/**
 * The recap's fee line for an order's or a cart's delivery type (a carrier's fee, a pick-up),
 * or null when nothing is delivered.
 */
export function deliveryFeeLine(
  deliveryType: FeeDeliveryType,
  feeCents: number | null,
): DeliveryFeeLine | null {
  if (deliveryType === 'NO_DELIVERY' || deliveryType === 'no_delivery') return null;
  return deliveryType === 'CLICK_AND_COLLECT' || deliveryType === 'clickAndCollect'
    ? { label: 'Retrait sur place', value: 'Gratuit' }
    : { label: 'Frais de livraison', value: carrierFeeText(feeCents) };
}
