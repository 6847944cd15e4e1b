import { z } from 'zod';
import type { DiscountRefusal } from '@comptoir/domain/discount';
import { formatPrice } from '@comptoir/domain/money';
import { defineEndpoint } from './endpoint';
import { INT4_MAX } from './ids';

/*
 * Discount codes and gift vouchers checked against a cart before ordering (docs/requirements/discount-codes.md,
 * POST /order/discount; issue 10). The answer says what the code would take off this cart as
 * it stands; POST /order applies it again, server-side, in its transaction.
 */

export const DISCOUNT_TYPES = ['EURO', 'percent'] as const;

/** The spec's Discount: amount is in cents for EURO, a whole percentage for percent. */
export const discountSchema = z.object({
  id: z.number().int(),
  type: z.enum(DISCOUNT_TYPES),
  amount: z.number(),
  /** SHIPPING_FEES means free shipping; null for a reduction on the products. */
  detailType: z.enum(['SHIPPING_FEES']).nullable(),
  code: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

export const checkDiscountBodySchema = z.strictObject({
  idCart: z.number().int().positive().max(INT4_MAX),
  code: z.string().trim().min(1).max(60),
});

export const discountCheckSchema = z.object({
  /** DISCOUNT_CODE goes in the order's discountCode, GIFT_VOUCHER in its giftVoucherCode. */
  kind: z.enum(['DISCOUNT_CODE', 'GIFT_VOUCHER']),
  /** The code as the site knows it (case as stored). */
  code: z.string(),
  /** The discount code (null for a gift voucher). */
  discount: discountSchema.nullable(),
  /** What it takes off the products of this cart now (0 for free shipping or a voucher). */
  reductionCents: z.number().int(),
  /** The code makes delivery free. */
  freeShipping: z.boolean(),
  /** A voucher's balance left to spend (null for a discount code). */
  balanceCents: z.number().int().nullable(),
  /** The code's or the voucher's last day of validity (YYYY-MM-DD), or null. */
  expiresOn: z.string().nullable(),
  /** One French sentence for the customer ("10 % de réduction sur vos vins"). */
  label: z.string(),
});
export type DiscountCheck = z.infer<typeof discountCheckSchema>;

export const checkDiscount = defineEndpoint({
  method: 'POST',
  path: '/order/discount',
  summary:
    'Checks a discount code or gift voucher against the cart; a refused code answers 422 with the reason in French',
  tags: ['order'],
  body: checkDiscountBodySchema,
  response: discountCheckSchema,
});

/*
 * Why a code is refused (422 from POST /order/discount, and the discountCode pair of
 * POST /order/validate and POST /order), one French sentence per reason of
 * @comptoir/domain/discount.
 */
export const DISCOUNT_CODE_UNKNOWN_MESSAGE = 'Ce code de réduction n’existe pas.';
export const DISCOUNT_CODE_DISABLED_MESSAGE = 'Ce code de réduction n’est plus actif.';
export const DISCOUNT_CODE_NOT_YET_VALID_MESSAGE = (startsOn: string) =>
  `Ce code de réduction n’est valable qu’à partir du ${frenchDay(startsOn)}.`;
export const DISCOUNT_CODE_EXPIRED_MESSAGE = (endsOn: string) =>
  `Ce code de réduction a expiré le ${frenchDay(endsOn)}.`;
export const DISCOUNT_CODE_EXHAUSTED_MESSAGE =
  'Ce code de réduction a déjà été utilisé autant de fois que prévu.';
export const DISCOUNT_CODE_FIRST_ORDER_MESSAGE =
  'Ce code de réduction est réservé à une première commande.';
export const DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE = (maxUsesPerCustomer: number) =>
  maxUsesPerCustomer === 1
    ? 'Vous avez déjà utilisé ce code de réduction.'
    : `Vous avez déjà utilisé ce code de réduction ${maxUsesPerCustomer} fois, le maximum permis.`;
export const DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE =
  'Ce code de réduction ne s’applique à aucun produit de votre panier.';
/** The minimum counts no gift voucher: a cart holding one says so (decision 0079). */
export const DISCOUNT_CODE_MINIMUM_MESSAGE = (minimumCents: number, withoutGiftVouchers = false) =>
  withoutGiftVouchers
    ? `Ce code de réduction demande au moins ${formatPrice(minimumCents)} de produits, hors bons cadeaux.`
    : `Ce code de réduction demande un panier d’au moins ${formatPrice(minimumCents)}.`;
/** A cart of gift vouchers only: a voucher is a means of payment, no code takes off it. */
export const DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE =
  'Les codes de réduction ne s’appliquent pas aux bons cadeaux.';

/** "2026-06-01" → "1 juin 2026". */
function frenchDay(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The French sentence of a refusal. */
export function discountRefusalMessage(refusal: DiscountRefusal): string {
  switch (refusal.reason) {
    case 'DISABLED':
      return DISCOUNT_CODE_DISABLED_MESSAGE;
    case 'NOT_YET_VALID':
      return DISCOUNT_CODE_NOT_YET_VALID_MESSAGE(refusal.startsOn);
    case 'EXPIRED':
      return DISCOUNT_CODE_EXPIRED_MESSAGE(refusal.endsOn);
    case 'EXHAUSTED':
      return DISCOUNT_CODE_EXHAUSTED_MESSAGE;
    case 'FIRST_ORDER_ONLY':
      return DISCOUNT_CODE_FIRST_ORDER_MESSAGE;
    case 'CUSTOMER_LIMIT':
      return DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(refusal.maxUsesPerCustomer);
    case 'GIFT_VOUCHERS_ONLY':
      return DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE;
    case 'NO_ELIGIBLE_PRODUCT':
      return DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE;
    case 'MINIMUM_NOT_REACHED':
      return DISCOUNT_CODE_MINIMUM_MESSAGE(refusal.minimumCents, refusal.withoutGiftVouchers);
  }
}

/** What the code gives, in one sentence for the customer ("10 % de réduction sur vos vins"). */
export function discountLabel(discount: {
  type: 'EURO' | 'percent';
  amount: number;
  detailType: 'SHIPPING_FEES' | null;
  isScoped: boolean;
}): string {
  if (discount.detailType === 'SHIPPING_FEES') return 'Livraison offerte';
  const what = discount.type === 'EURO' ? formatPrice(discount.amount) : `${discount.amount} %`;
  return `${what} de réduction ${discount.isScoped ? 'sur une sélection de produits' : 'sur vos produits'}`;
}
