import { z } from 'zod';
import { daySchema } from './admin-shop-fields';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * Gift vouchers in the back office (issue 12, decision 0066): the owner sees every voucher sold,
 * its balance and the orders that spent it, mails it again (the same mail and PDF as when it was
 * issued), gives it a later expiry day, or disables it. Issuing and spending are decision 0052's.
 */

export const GIFT_VOUCHER_NOT_FOUND_MESSAGE = 'Ce bon cadeau est introuvable.';
export const GIFT_VOUCHER_EXPIRY_EARLIER_MESSAGE = (currentDay: string) =>
  `Choisissez un jour après le ${currentDay}, la date d’expiration actuelle.`;
export const GIFT_VOUCHER_EXPIRY_PAST_MESSAGE = 'Choisissez aujourd’hui ou un jour à venir.';
export const GIFT_VOUCHER_EXPIRY_TOO_FAR_MESSAGE =
  'Choisissez un jour dans les cinq ans qui viennent.';
export const GIFT_VOUCHER_RESEND_DISABLED_MESSAGE =
  'Ce bon cadeau est désactivé : réactivez-le avant de le renvoyer.';

export const giftVoucherRedemptionSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  amountCents: z.number().int(),
  at: z.string(),
  /** Set when the order was cancelled and the amount went back to the voucher. */
  givenBackAt: z.string().nullable(),
});

export const adminGiftVoucherSchema = z.object({
  id: z.number().int(),
  /** Printed as on the voucher: ABCD-EFGH-JKMN-PQRS. */
  code: z.string(),
  initialCents: z.number().int(),
  balanceCents: z.number().int(),
  expiresOn: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  sendOn: z.string(),
  sentAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  createdAt: z.string(),
  redemptions: z.array(giftVoucherRedemptionSchema),
});
export type AdminGiftVoucher = z.infer<typeof adminGiftVoucherSchema>;

export const getAdminGiftVouchers = defineEndpoint({
  method: 'GET',
  path: '/admin/gift-voucher',
  summary:
    "The site's gift vouchers, newest first, with balances and redemptions (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(adminGiftVoucherSchema),
});

export const resendGiftVoucher = defineEndpoint({
  method: 'POST',
  path: '/admin/gift-voucher/:id/resend',
  summary:
    'Mail a gift voucher again, with its PDF, to its recipient or buyer (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  response: adminGiftVoucherSchema,
});

export const giftVoucherExpiryBodySchema = z.object({ expiresOn: daySchema });

export const extendGiftVoucher = defineEndpoint({
  method: 'PUT',
  path: '/admin/gift-voucher/:id/expiry',
  summary: 'Give a gift voucher a later last day of validity (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  body: giftVoucherExpiryBodySchema,
  response: adminGiftVoucherSchema,
});

export const setGiftVoucherDisabled = defineEndpoint({
  method: 'PUT',
  path: '/admin/gift-voucher/:id/disabled',
  summary:
    'Disable a gift voucher (refused at checkout from then on), or enable it again (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  body: z.object({ isDisabled: z.boolean() }),
  response: adminGiftVoucherSchema,
});
