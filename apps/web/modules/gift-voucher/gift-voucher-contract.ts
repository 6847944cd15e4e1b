import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { addGiftVoucherToCart } from '@comptoir/contract/gift-voucher';
import type { GiftVoucherRules } from '@comptoir/domain/gift-voucher';
import { formatPrice } from '@comptoir/domain/money';

/**
 * The voucher form's rules, loaded when the visitor reaches the form (ui/use-api-form): the
 * site's limits and the contract's lengths, checked here first, then by the API.
 */
export function giftVoucherFormSchema(rules: GiftVoucherRules, today: string) {
  const limits = `Choisissez un montant entre ${formatPrice(rules.minimumCents)} et ${formatPrice(rules.maximumCents)}.`;
  return z.object({
    amountEuros: z
      .number({ error: 'Choisissez un montant.' })
      .int('Choisissez un montant en euros entiers.')
      .min(rules.minimumCents / 100, limits)
      .max(rules.maximumCents / 100, limits),
    recipientName: z
      .string()
      .trim()
      .min(1, 'Indiquez le nom de la personne à qui vous l’offrez.')
      .max(100, '100 caractères au plus.'),
    recipientEmail: z
      .string()
      .trim()
      .max(254)
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'Cette adresse e-mail n’est pas valide.',
      }),
    message: z.string().trim().max(500, '500 caractères au plus.'),
    sendOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choisissez la date d’envoi.')
      .refine((value) => value >= today, 'La date d’envoi ne peut pas être passée.'),
    buyerName: z
      .string()
      .trim()
      .min(1, 'Indiquez votre nom : il figure sur le bon.')
      .max(100, '100 caractères au plus.'),
  });
}

export type GiftVoucherFormValues = z.input<ReturnType<typeof giftVoucherFormSchema>>;
export type GiftVoucherFormOutput = z.output<ReturnType<typeof giftVoucherFormSchema>>;

export function giftVoucherContract(rules: GiftVoucherRules, today: string) {
  return {
    resolver: zodResolver(giftVoucherFormSchema(rules, today)),
    endpoint: addGiftVoucherToCart,
  };
}
