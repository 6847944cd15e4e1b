import { z } from 'zod';
import { cartSchema } from './cart';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * Gift vouchers (issue 10, docs/requirements/gift-vouchers.md /offrir-un-bon-cadeau, decision 0052): the page reads the
 * site's rules, then puts a voucher line in the visitor's cart; the amount is the only price a
 * request names, and the API checks it against the site's limits.
 */

/** A site that does not sell online: the page says so and the API refuses the line (403). */
export const GIFT_VOUCHERS_NOT_SOLD_MESSAGE =
  'Ce site ne vend pas de bons cadeaux en ligne. Contactez-nous pour en offrir un.';
export const GIFT_VOUCHER_SEND_DATE_MESSAGE =
  'La date d’envoi doit être aujourd’hui ou un jour à venir (dans l’année).';
export const GIFT_VOUCHER_INVALID_MESSAGE = 'Le bon cadeau ne peut pas être ajouté en l’état.';

/** Refusals of a code at checkout (key giftVoucherCode). */
export const GIFT_VOUCHER_UNKNOWN_MESSAGE =
  'Ce code de bon cadeau est inconnu. Vérifiez les 16 caractères saisis.';
export const GIFT_VOUCHER_EXPIRED_MESSAGE = (lastDay: string) =>
  `Ce bon cadeau n’est plus valable : il a expiré le ${lastDay}.`;
export const GIFT_VOUCHER_EMPTY_MESSAGE = 'Ce bon cadeau a déjà été entièrement utilisé.';
/** A voucher cannot buy another one (decision 0079): the cart holds a voucher. */
export const GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE =
  'Un bon cadeau ne peut pas servir à payer un autre bon cadeau. Réglez cette commande par un autre moyen de paiement, ou commandez le bon cadeau à part.';
export const GIFT_VOUCHER_DISABLED_MESSAGE =
  'Ce bon cadeau a été désactivé par la boutique. Contactez-nous pour en savoir plus.';

export const giftVoucherSettingsSchema = z.object({
  /** The site sells vouchers online (an e-commerce site). */
  isAvailable: z.boolean(),
  minimumCents: z.number().int(),
  maximumCents: z.number().int(),
  presetsCents: z.array(z.number().int()),
  /** How long a voucher can be used once issued. */
  validityMonths: z.number().int(),
});
export type GiftVoucherSettings = z.infer<typeof giftVoucherSettingsSchema>;

export const getGiftVoucherSettings = defineEndpoint({
  method: 'GET',
  path: '/gift-voucher/settings',
  summary: 'Whether the site sells gift vouchers, and the amounts it accepts',
  tags: ['gift-voucher'],
  response: giftVoucherSettingsSchema,
});

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !/[\r\n]/.test(value), 'Une seule ligne.');

export const addGiftVoucherBodySchema = z.strictObject({
  /** Whole euros in cents, within the site's limits (checked by the API). */
  amountCents: z.number().int(),
  recipientName: line(100).min(1),
  /** Where the voucher is mailed; without it, it goes to the buyer (the order's address). */
  recipientEmail: z.email().max(254).nullish(),
  message: z.string().trim().max(500).nullish(),
  /** YYYY-MM-DD (Paris): today or later. */
  sendOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  buyerName: line(100).min(1),
});
export type AddGiftVoucherBody = z.infer<typeof addGiftVoucherBodySchema>;

export const addGiftVoucherToCart = defineEndpoint({
  method: 'POST',
  path: '/cart/:cartId/gift-voucher',
  summary:
    "Adds a gift voucher line (its amount checked against the site's limits); cartId 'new' opens a cart",
  tags: ['cart', 'gift-voucher'],
  params: z.object({ cartId: z.union([z.literal('new'), rowIdSchema]) }),
  body: addGiftVoucherBodySchema,
  response: cartSchema,
});
