import { cartTotalCents } from '@comptoir/domain/delivery';
import type { CartCarrier, DeliveryType } from '../../lib/stores/cart-store';

/*
 * The delivery step's pure parts (decision 0046): the shipping-fees request of a cart, the key
 * that says when a quote is stale, the chosen carrier kept in step with a new quote, the total,
 * and the months of the click-and-collect calendar.
 */

/**
 * The contract's message when no carrier serves the address, written here so that the contract
 * (and zod) stays out of the page; delivery-routes.test.ts checks that both say the same.
 */
export const NO_CARRIER_MESSAGE = 'Aucun transporteur ne livre cette adresse.';

/** The delivery step's path, under the cart's. */
export const DELIVERY_PATH = '/panier/livraison';

/** A cart line as the fee request reads it. */
export interface QuotedLine {
  productId: number;
  quantity: number;
}

/**
 * The spec's products of the fee request: one entry per product, its lines' quantities summed
 * (two customizations of one wine are one product), in product order so that the key is stable.
 */
export function quotedProducts(
  lines: readonly QuotedLine[],
): { idProduct: number; quantity: number }[] {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return [...quantities]
    .sort(([a], [b]) => a - b)
    .map(([idProduct, quantity]) => ({ idProduct, quantity }));
}

/** What a quote depends on: the cart, its products and the destination. */
export function quoteKey(
  cartId: number,
  lines: readonly QuotedLine[],
  postalCode: string,
  country: string,
): string {
  const products = quotedProducts(lines)
    .map(({ idProduct, quantity }) => `${idProduct}x${quantity}`)
    .join(',');
  return `${cartId}|${products}|${postalCode}|${country}`;
}

/** A carrier as the shipping-fees call answers it (fees in cents). */
export interface QuotedCarrier {
  id: number;
  name: string;
  serviceCode: string;
  fdp: number;
  deliveryType: 'DELIVERY' | 'PICKUP';
}

/**
 * The chosen carrier after a new quote: the same carrier with its new fee (free shipping reached
 * makes it 0), or null when the quote no longer offers it. Its relay point stays chosen.
 */
export function requotedCarrier(
  chosen: CartCarrier | null,
  carriers: readonly QuotedCarrier[],
): CartCarrier | null {
  if (chosen === null) return null;
  const offer = carriers.find((carrier) => carrier.id === chosen.id);
  if (!offer) return null;
  return { ...chosen, name: offer.name, feeCents: offer.fdp, deliveryType: offer.deliveryType };
}

/** The carrier chosen from an offer (a relay carrier still needs its point). */
export function carrierOf(offer: QuotedCarrier, previous: CartCarrier | null): CartCarrier {
  const samePoint = previous?.id === offer.id ? previous.accessPoint : null;
  return {
    id: offer.id,
    name: offer.name,
    serviceCode: offer.serviceCode,
    feeCents: offer.fdp,
    deliveryType: offer.deliveryType,
    accessPoint: offer.deliveryType === 'PICKUP' ? samePoint : null,
  };
}

/**
 * The shipping fee and the total (docs/requirements/delivery.md, the domain's rules): clickAndCollect and no_delivery
 * ship for 0; a delivery without a carrier has no fee yet, and the total is the products only
 * (null total).
 */
export function deliveryTotals(
  productsCents: number,
  type: DeliveryType | null,
  carrier: CartCarrier | null,
): { feeCents: number | null; totalCents: number | null } {
  if (type === null) return { feeCents: null, totalCents: null };
  const choice = {
    type,
    carrier: carrier
      ? { id: carrier.id, deliveryType: carrier.deliveryType, fdpCents: carrier.feeCents }
      : null,
  };
  const totalCents = cartTotalCents(productsCents, choice);
  return { feeCents: totalCents === null ? null : totalCents - productsCents, totalCents };
}
