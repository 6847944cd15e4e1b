import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { INT4_MAX } from './ids';

/*
 * Discount codes and gift vouchers checked against a cart before ordering (spec §3 Discount,
 * §7 POST /order/discount; issue 10). The answer says what the code would take off this cart as
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
  /** A voucher's last day of validity (YYYY-MM-DD), or null. */
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
