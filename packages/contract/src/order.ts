import { z } from 'zod';
import { ORDER_DELIVERY_TYPES } from '@comptoir/domain/delivery';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@comptoir/domain/order';
import { defineEndpoint } from './endpoint';
import { INT4_MAX, rowIdSchema } from './ids';
import { countryAlpha3Schema, postalCodeSchema } from './shipping';

/*
 * Orders (docs/requirements/order.md; issue 10). The API recomputes every amount from the
 * cart and the catalogue: a request names the cart and the customer's choices, never a price,
 * total, status or owner. Bodies are strict objects: an unknown field (price, total, status,
 * paid, siteId, userId…) is refused (422, the edge's validation answer) instead of being silently read (decision 0048).
 */

export const ORDER_NOT_FOUND_MESSAGE = 'Cette commande est introuvable.';
export const ORDER_INVALID_MESSAGE = 'La commande ne peut pas être passée en l’état.';
export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'Cette clé de commande a déjà servi pour une autre commande : rechargez la page avant de réessayer.';
export const IDEMPOTENCY_KEY_INVALID_MESSAGE =
  'L’en-tête Idempotency-Key doit compter de 8 à 200 caractères simples.';
export const EMPTY_CART_ORDER_MESSAGE = 'Votre panier est vide.';
export const OUT_OF_STOCK_ORDER_MESSAGE = (name: string, remaining: number) =>
  remaining === 0
    ? `${name} n’est plus disponible.`
    : `Il ne reste que ${remaining} exemplaire${remaining > 1 ? 's' : ''} de ${name}.`;
export const MULTIPLE_ORDER_MESSAGE = (name: string, multiple: number) =>
  `${name} se vend par multiple de ${multiple}.`;
export const UNPUBLISHED_PRODUCT_MESSAGE = (name: string) => `${name} n’est plus en vente.`;
export const CARRIER_REQUIRED_MESSAGE = 'Choisissez un transporteur.';
export const CARRIER_UNAVAILABLE_MESSAGE = 'Ce transporteur ne livre pas cette adresse.';
export const ACCESS_POINT_REQUIRED_MESSAGE = 'Choisissez un point relais.';
export const ACCESS_POINT_NOT_OFFERED_MESSAGE =
  'Ce point relais n’est pas proposé pour cette adresse : choisissez-en un dans la liste.';
export const SALE_TERMS_NOT_ACCEPTED_MESSAGE =
  'Acceptez les conditions générales de vente pour passer commande.';
export const DELIVERY_ADDRESS_REQUIRED_MESSAGE = 'Indiquez l’adresse de livraison.';
export const DELIVERY_DESTINATION_REQUIRED_MESSAGE =
  'Indiquez le code postal et le pays de livraison.';
export const SLOT_REQUIRED_MESSAGE = 'Choisissez un créneau de retrait.';
export const SLOT_NOT_HELD_MESSAGE =
  'Votre créneau de retrait n’est plus réservé : choisissez-en un de nouveau.';
export const NO_DELIVERY_REFUSED_MESSAGE =
  'Votre panier contient des produits à livrer ou à retirer : choisissez un mode de livraison.';
export const DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE =
  'Votre panier ne contient que des produits dématérialisés : choisissez « sans livraison ».';
export const ON_PICKUP_NEEDS_PICKUP_MESSAGE =
  'Le paiement au retrait n’est possible que pour un retrait en boutique.';
export const GUEST_DETAILS_REQUIRED_MESSAGE =
  'Indiquez votre e-mail, votre prénom et votre nom pour commander sans compte.';
export const ORDER_BIRTHDATE_REQUIRED_MESSAGE =
  'Indiquez votre date de naissance : la vente d’alcool est interdite aux mineurs.';
export const ORDER_MINOR_REFUSED_MESSAGE =
  'La vente d’alcool est interdite aux mineurs : cette commande ne peut pas être passée.';

const bodyId = z.number().int().positive().max(INT4_MAX);
const text = (max: number) => z.string().trim().max(max);

export const orderAddressSchema = z.strictObject({
  type: text(40).nullish(),
  firstname: text(100).min(1),
  lastname: text(100).min(1),
  firstPart: text(200).min(1),
  secondPart: text(200).nullish(),
  postalCode: postalCodeSchema,
  city: text(120).min(1),
  country: text(80).min(1),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const orderDeliverySchema = z.strictObject({
  type: z.enum(ORDER_DELIVERY_TYPES),
  idCarrier: bodyId.nullish(),
  serviceName: text(120).nullish(),
  serviceCode: text(60).nullish(),
  /** Shown to the customer; the API re-quotes the service and never reads this price. */
  servicePrice: z.number().int().min(0).max(100_000_000).nullish(),
  /** The pick-up place (a company address offering click-and-collect) for CLICK_AND_COLLECT. */
  idCompanyAddress: bodyId.nullish(),
  /**
   * The relay point chosen for PICKUP. The API finds it again among the points its relay provider
   * offers for the destination and keeps the provider's own name and address: the other
   * accessPoint* fields are the spec's, and never stored as sent (decision 0082).
   */
  accessPointId: text(60).nullish(),
  accessPointName: text(200).nullish(),
  accessPointAddLine1: text(200).nullish(),
  accessPointZipCode: text(12).nullish(),
  accessPointCity: text(120).nullish(),
  accessPointCountry: text(80).nullish(),
});

/**
 * The cart, and the delivery choice when the customer has made it: validate checks what it is
 * given (the spec's body is idCart alone; the choice makes it check the carrier and slot too).
 */
export const validateOrderBodySchema = z.strictObject({
  idCart: bodyId,
  delivery: orderDeliverySchema.nullish(),
  dateSchedule: z.string().max(40).nullish(),
  idSchedule: z.number().int().min(0).max(1440).nullish(),
  deliveryPostalCode: postalCodeSchema.nullish(),
  deliveryIdCountry: countryAlpha3Schema.nullish(),
  /** The discount code the customer means to use: checked as POST /order will check it. */
  discountCode: text(60).nullish(),
  /** A gift voucher's code: checked (known, not expired, balance left) with the rest. */
  giftVoucherCode: text(60).nullish(),
});

export const orderBodySchema = z.strictObject({
  idCart: bodyId,
  user: z.strictObject({
    phone: text(30).min(6),
    /** A guest's details (ignored for a logged-in customer, whose account has them). */
    email: z.email().max(254).nullish(),
    firstname: text(100).nullish(),
    lastname: text(100).nullish(),
    /** YYYY-MM-DD, asked on a site that refuses minors. */
    birthdate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullish(),
  }),
  address: z.strictObject({
    delivery: orderAddressSchema.nullish(),
    billing: orderAddressSchema,
  }),
  /** A discount code (EURO, percent or free shipping), checked first with POST /order/discount. */
  discountCode: text(60).nullish(),
  /**
   * A gift voucher's code, used as a means of payment after VAT (docs/requirements/gift-vouchers.md: line discounts, then
   * the code, then shipping, then vouchers). Apart from discountCode so that both can be used.
   */
  giftVoucherCode: text(60).nullish(),
  message: text(2000).nullish(),
  /** The held click-and-collect slot: its start (ISO) and idSchedule, with the calendar's id. */
  dateSchedule: z.string().max(40).nullish(),
  idSchedule: z.number().int().min(0).max(1440).nullish(),
  delivery: orderDeliverySchema,
  deliveryPostalCode: postalCodeSchema.nullish(),
  deliveryIdCountry: countryAlpha3Schema.nullish(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /**
   * The customer ticked the terms of sale (docs/requirements/order.md): required, and only `true`. The order keeps
   * the hash of the terms in force and the time of this acceptance (decision 0082).
   */
  acceptSaleTerms: z.literal(true, { error: SALE_TERMS_NOT_ACCEPTED_MESSAGE }),
});
export type OrderBody = z.input<typeof orderBodySchema>;

export const orderLineSchema = z.object({
  productId: z.number().int(),
  declinationId: z.number().int(),
  name: z.string(),
  year: z.number().int().nullable(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  vatCents: z.number().int(),
});

export const orderVatSchema = z.object({
  rateBasisPoints: z.number().int(),
  baseCents: z.number().int(),
  vatCents: z.number().int(),
});

export const orderSchema = z.object({
  id: z.number().int(),
  /** The site's order number, without gaps (1, 2, 3…). */
  number: z.number().int(),
  reference: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  isPaid: z.boolean(),
  createdAt: z.string(),
  /** When an unpaid order lets its stock go, or null (paid at pick-up). */
  paymentDueAt: z.string().nullable(),
  lines: z.array(orderLineSchema),
  deliveryType: z.enum(ORDER_DELIVERY_TYPES),
  carrier: z.object({ id: z.number().int(), name: z.string(), serviceCode: z.string() }).nullable(),
  accessPoint: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      addLine1: z.string().nullable(),
      zipCode: z.string().nullable(),
      city: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  slot: z
    .object({ idCompanyAddress: z.number().int(), date: z.string(), idSchedule: z.number().int() })
    .nullable(),
  /**
   * Where a DELIVERY order goes, as the customer typed it at checkout (decision 0086); null for a
   * relay point (accessPoint), a pick-up (pickupPlace) or nothing to deliver.
   */
  deliveryAddress: z
    .object({
      firstname: z.string(),
      lastname: z.string(),
      firstPart: z.string(),
      secondPart: z.string().nullable(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string(),
    })
    .nullable(),
  /**
   * The click-and-collect place of the slot, as the shop describes it today, with the length of
   * its slots (the slot ends slotMinutes after its start); null for any other order, or when the
   * shop removed the place.
   */
  pickupPlace: z
    .object({
      name: z.string(),
      addressLine1: z.string(),
      addressLine2: z.string().nullable(),
      postalCode: z.string(),
      city: z.string(),
      country: z.string().nullable(),
      slotMinutes: z.number().int(),
    })
    .nullable(),
  totals: z.object({
    /** The lines, TTC, after their own (quantity) discounts. */
    productsCents: z.number().int(),
    /** What the discount code took off the products (0 without a code). */
    discountCents: z.number().int(),
    /** The delivery fee charged (0 when the code gives free shipping). */
    shippingCents: z.number().int(),
    /** products − discount + shipping: the order's value, on which VAT is counted. */
    totalCents: z.number().int(),
    vatCents: z.number().int(),
    vat: z.array(orderVatSchema),
    /** Paid with a gift voucher (a means of payment, after VAT). */
    voucherCents: z.number().int(),
    /** What is left to pay by the chosen method: total − voucher. */
    amountDueCents: z.number().int(),
  }),
  /** The discount code as it was applied (snapshot), or null. */
  discount: z
    .object({
      code: z.string(),
      type: z.enum(['EURO', 'percent']),
      amount: z.number(),
      detailType: z.string().nullable(),
    })
    .nullable(),
  /** The gift voucher used, shown by its last four characters only. */
  giftVoucher: z.object({ codeEnd: z.string(), amountCents: z.number().int() }).nullable(),
  /**
   * How to pay an offline order (BANK_TRANSFER: the site's IBAN and the order reference; CHEQUE:
   * payee and address), or null (card, paid, pick-up).
   */
  paymentInstructions: z
    .object({
      method: z.enum(PAYMENT_METHODS),
      reference: z.string(),
      accountHolder: z.string().nullable(),
      iban: z.string().nullable(),
      bic: z.string().nullable(),
      payableTo: z.string().nullable(),
      mailingAddress: z.string().nullable(),
    })
    .nullable(),
  /** SHA-256 of the terms of sale in force when the order was placed. */
  saleTermsHash: z.string().nullable(),
  /** When the customer accepted them (null for the orders placed before it was kept). */
  saleTermsAcceptedAt: z.string().nullable(),
  /**
   * Only in POST /order's answer: a secret that lets whoever placed the order (a guest too) read
   * it and pay it, sent back in the X-Order-Token header. Null on every other read.
   */
  accessToken: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = orderSchema.pick({
  id: true,
  number: true,
  reference: true,
  status: true,
  isPaid: true,
  createdAt: true,
  paymentMethod: true,
  totals: true,
});

export const orderValidationSchema = z.object({
  /** True when the order can be placed as the cart stands. */
  valid: z.boolean(),
  errors: z.array(z.object({ key: z.string(), error: z.string() })),
});

export const validateOrder = defineEndpoint({
  method: 'POST',
  path: '/order/validate',
  summary:
    'Checks the whole cart before ordering (stock, multiples, delivery rules, the held slot); a cart with problems answers 422 with every problem as key/error pairs',
  tags: ['order'],
  body: validateOrderBodySchema,
  response: orderValidationSchema,
});

export const createOrder = defineEndpoint({
  method: 'POST',
  path: '/order',
  summary:
    'Places the order of a cart in one transaction (amounts recomputed, stock taken, slot taken, cart closed); idempotent with an Idempotency-Key header',
  tags: ['order'],
  body: orderBodySchema,
  response: orderSchema,
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/order',
  summary: "The logged-in customer's orders on this site, newest first",
  tags: ['order'],
  response: z.array(orderSummarySchema),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/order/:id',
  summary:
    "One order, for its logged-in customer or whoever sends the order's access token in the X-Order-Token header (anyone else: 404)",
  tags: ['order'],
  params: z.object({ id: rowIdSchema }),
  response: orderSchema,
});
