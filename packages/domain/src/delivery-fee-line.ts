import { formatPrice } from './money';

/*
 * The line of a recap that says what getting the order costs (issue 30, decision 0086): one
 * label and one value per idea, on the cart, the delivery step, the checkout, the confirmation,
 * the account's order page and the order mails. A carrier's fee is « Frais de livraison », free
 * when the shop offers it (« Offerts »); a click-and-collect order has no fee to offer:
 * « Retrait sur place : Gratuit ». An order with nothing to deliver has no such line.
 */

/** How the order reaches the customer, as the fee line tells it. */
export type FeeMode = 'CARRIER' | 'CLICK_AND_COLLECT' | 'NONE';

export interface DeliveryFeeLine {
  label: string;
  value: string;
}

/** A carrier's fee: « 9,90 € », « Offerts » at 0, « À choisir » before a carrier is chosen. */
export function carrierFeeText(feeCents: number | null): string {
  if (feeCents === null) return 'À choisir';
  return feeCents === 0 ? 'Offerts' : formatPrice(feeCents);
}

/** The recap's fee line, or null when nothing is delivered. */
export function deliveryFeeLine(mode: FeeMode, feeCents: number | null): DeliveryFeeLine | null {
  switch (mode) {
    case 'CARRIER':
      return { label: 'Frais de livraison', value: carrierFeeText(feeCents) };
    case 'CLICK_AND_COLLECT':
      return { label: 'Retrait sur place', value: 'Gratuit' };
    case 'NONE':
      return null;
  }
}

/** The fee mode of an order's or a cart's delivery type (the order's and the storefront's names). */
export function feeModeOf(
  deliveryType:
    | 'DELIVERY'
    | 'PICKUP'
    | 'CLICK_AND_COLLECT'
    | 'NO_DELIVERY'
    | 'delivery'
    | 'clickAndCollect'
    | 'no_delivery',
): FeeMode {
  switch (deliveryType) {
    case 'DELIVERY':
    case 'PICKUP':
    case 'delivery':
      return 'CARRIER';
    case 'CLICK_AND_COLLECT':
    case 'clickAndCollect':
      return 'CLICK_AND_COLLECT';
    case 'NO_DELIVERY':
    case 'no_delivery':
      return 'NONE';
  }
}
