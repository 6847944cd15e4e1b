import { z } from 'zod';
import { CARRIER_DELIVERY_TYPES, CARTON_SIZES, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import { defineEndpoint } from './endpoint';
import { INT4_MAX } from './ids';

/*
 * Shipping fees (docs/requirements/delivery.md; issue 9). The fees are computed by the API
 * from the cart's lines as the catalogue describes them (capacities, types, quantities): the
 * request names the cart and the products it quotes, never a price (decision 0043).
 */

/** docs/requirements/delivery.md, word for word. */
export const NO_PRODUCTS_MESSAGE = 'No products in cart';
export const UNKNOWN_COUNTRY_MESSAGE = 'Ce pays est inconnu.';
export const UNKNOWN_POSTAL_CODE_MESSAGE = 'Ce code postal n’existe pas dans le pays choisi.';
export const CART_CHANGED_MESSAGE =
  'Votre panier a changé : actualisez-le avant de calculer les frais de livraison.';
/** What the storefront says when no carrier serves the address. */
export const NO_CARRIER_MESSAGE = 'Aucun transporteur ne livre cette adresse.';

const bodyId = z.number().int().positive().max(INT4_MAX);

/** ISO 3166 alpha-3, any case ("fra" is FRA). */
export const countryAlpha3Schema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: UNKNOWN_COUNTRY_MESSAGE })
  .transform((code) => code.toUpperCase());

export const postalCodeSchema = z
  .string()
  .trim()
  .min(1, { error: UNKNOWN_POSTAL_CODE_MESSAGE })
  .max(12, { error: UNKNOWN_POSTAL_CODE_MESSAGE })
  .regex(/^[A-Za-z0-9 -]+$/, { error: UNKNOWN_POSTAL_CODE_MESSAGE });

export const shippingFeesBodySchema = z.object({
  /** The cart quoted (its owner or the holder of its secret cookie only). */
  idCart: bodyId,
  /**
   * The products the storefront shows, with their quantity in the cart (the spec's body). They
   * must match the cart: a stale storefront is told to refresh rather than quoted for another cart.
   */
  products: z
    .array(z.object({ idProduct: bodyId, quantity: z.number().int().positive().max(100_000) }))
    .max(500),
  postalCode: postalCodeSchema,
  /** The destination country, ISO 3166 alpha-3. */
  country: countryAlpha3Schema,
});
export type ShippingFeesBody = z.input<typeof shippingFeesBodySchema>;

/** A carrier able to deliver the cart there, with its price (docs/requirements/delivery.md). */
export const carrierPriceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceCode: z.string(),
  /** The carrier's price for the parcels, in cents. */
  price: z.number().int().min(0),
  /** What the customer pays for shipping, in cents: the price, or 0 when shipping is free. */
  fdp: z.number().int().min(0),
  deliveryType: z.enum(CARRIER_DELIVERY_TYPES),
  /** The spec's siteType: VIGNOBLE_EXPORT for a wine-export partner, or null. */
  siteType: z.enum(['VIGNOBLE_EXPORT']).nullable(),
  description: z.string().nullable(),
  /** The cartons the bottles travel in, largest first (bottle places of each). */
  cartons: z.array(z.union(CARTON_SIZES.map((size) => z.literal(size)))),
});
export type CarrierPrice = z.infer<typeof carrierPriceSchema>;

export const shippingQuoteSchema = z.object({
  carriers: z.array(carrierPriceSchema),
  zone: z.enum(SHIPPING_ZONES),
  /** Bottles for free shipping (docs/requirements/delivery.md). */
  bottleCount: z.number().int().min(0),
  isFreeShipping: z.boolean(),
  /** What is missing for free shipping, or that it is reached; null when the site has no threshold. */
  freeShippingMessage: z.string().nullable(),
  /** The site's SHIPPING_MESSAGE. */
  shippingMessage: z.string().nullable(),
});
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;

export const calculateShippingFees = defineEndpoint({
  method: 'POST',
  path: '/calculate/shipping-fees',
  summary:
    "The carriers that deliver the cart to a postal code and country, with their fees in cents, computed from the cart's lines",
  tags: ['delivery'],
  body: shippingFeesBodySchema,
  response: shippingQuoteSchema,
});
