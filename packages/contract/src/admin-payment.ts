import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/*
 * The back office's payment settings (issue 28 item 1, decision 0107): the site's Stripe keys,
 * its bank details for transfers and its cheque payee. The secret key and the webhook signing
 * secret go in, sealed at rest, and never come back out: the API answers them masked
 * ("sk_test_…4242"). An empty secret field on save keeps the secret already set.
 */

export const STRIPE_PUBLISHABLE_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]{8,247}$/;
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,247}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/=]{8,250}$/;

export const PUBLISHABLE_KEY_MESSAGE =
  'La clé publiable Stripe commence par pk_test_ ou pk_live_ : copiez-la depuis le tableau de bord Stripe (Développeurs › Clés API).';
export const SECRET_KEY_MESSAGE =
  'La clé secrète Stripe commence par sk_test_, sk_live_, rk_test_ ou rk_live_ : copiez-la depuis le tableau de bord Stripe (Développeurs › Clés API).';
export const WEBHOOK_SECRET_MESSAGE =
  'Le secret de signature du webhook commence par whsec_ : copiez-le depuis le tableau de bord Stripe (Développeurs › Webhooks).';
export const SECRET_KEY_REQUIRED_MESSAGE =
  'Saisissez la clé secrète Stripe : aucune n’est encore enregistrée pour ce site.';
export const WEBHOOK_SECRET_REQUIRED_MESSAGE =
  'Saisissez le secret de signature du webhook : aucun n’est encore enregistré pour ce site.';
export const STRIPE_MODE_MISMATCH_MESSAGE =
  'La clé publiable et la clé secrète doivent être du même mode : toutes deux de test (pk_test_, sk_test_) ou toutes deux réelles (pk_live_, sk_live_).';
export const IBAN_MESSAGE =
  'Cet IBAN n’est pas valide : vérifiez-le sur votre relevé d’identité bancaire (par exemple FR76 3000 6000 0112 3456 7890 189).';
export const BIC_MESSAGE =
  'Ce BIC n’est pas valide : il compte 8 ou 11 caractères (par exemple AGRIFRPP879).';
export const BIC_WITHOUT_IBAN_MESSAGE = 'Saisissez l’IBAN avec le BIC.';

const trimmedOrNull = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value));

/** An empty or absent secret keeps the one already set; anything else must have its shape. */
const optionalSecret = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value))
    .refine((value) => value === undefined || pattern.test(value), { error: message });

export const stripeKeysInputSchema = z.strictObject({
  publishableKey: z
    .string({ error: PUBLISHABLE_KEY_MESSAGE })
    .trim()
    .regex(STRIPE_PUBLISHABLE_KEY_PATTERN, { error: PUBLISHABLE_KEY_MESSAGE }),
  secretKey: optionalSecret(STRIPE_SECRET_KEY_PATTERN, SECRET_KEY_MESSAGE),
  webhookSecret: optionalSecret(STRIPE_WEBHOOK_SECRET_PATTERN, WEBHOOK_SECRET_MESSAGE),
});
export type StripeKeysInput = z.input<typeof stripeKeysInputSchema>;

export const bankDetailsInputSchema = z.strictObject({
  accountHolder: trimmedOrNull(120, 'Le titulaire du compte tient en 120 caractères.'),
  iban: trimmedOrNull(50, IBAN_MESSAGE),
  bic: trimmedOrNull(20, BIC_MESSAGE),
  chequePayee: trimmedOrNull(120, 'L’ordre des chèques tient en 120 caractères.'),
  chequeAddress: trimmedOrNull(300, 'L’adresse d’envoi des chèques tient en 300 caractères.'),
});
export type BankDetailsInput = z.input<typeof bankDetailsInputSchema>;

export const adminPaymentSettingsSchema = z.object({
  stripe: z.object({
    /** Whether card payment is offered at checkout now. */
    cardPaymentAvailable: z.boolean(),
    /** Where the keys come from: this screen, the older command (unsealed), or nowhere. */
    source: z.enum(['BACK_OFFICE', 'COMMAND']).nullable(),
    mode: z.enum(['test', 'live']).nullable(),
    publishableKey: z.string().nullable(),
    /** "sk_test_…4242": the kind, the mode and the last four characters, never more. */
    secretKeyMasked: z.string().nullable(),
    webhookSecretMasked: z.string().nullable(),
    /** The address to give Stripe for the webhook (relative to the shop: /api/…). */
    webhookPath: z.string(),
  }),
  bank: z.object({
    accountHolder: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    chequePayee: z.string().nullable(),
    chequeAddress: z.string().nullable(),
  }),
});
export type AdminPaymentSettings = z.infer<typeof adminPaymentSettingsSchema>;

export const getAdminPaymentSettings = defineEndpoint({
  method: 'GET',
  path: '/admin/payment-settings',
  summary:
    "The site's payment settings: Stripe keys (secrets masked), bank details, cheque payee (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: adminPaymentSettingsSchema,
});

export const saveStripeKeys = defineEndpoint({
  method: 'PUT',
  path: '/admin/payment-settings/stripe',
  summary:
    'Set the Stripe keys; an empty secret keeps the one set; card payment is offered at once (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: stripeKeysInputSchema,
  response: adminPaymentSettingsSchema,
});

export const removeStripeKeys = defineEndpoint({
  method: 'DELETE',
  path: '/admin/payment-settings/stripe',
  summary: 'Remove the Stripe keys: card payment is no longer offered (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: adminPaymentSettingsSchema,
});

export const saveBankDetails = defineEndpoint({
  method: 'PUT',
  path: '/admin/payment-settings/bank',
  summary:
    'Set the bank details for transfers (IBAN and BIC checked) and the cheque payee and address (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: bankDetailsInputSchema,
  response: adminPaymentSettingsSchema,
});

/** What the screen shows of a secret: its kind and mode, and its last four characters. */
export function maskSecret(secret: string): string {
  const prefix = /^((?:sk|rk|pk)_(?:test|live)_|whsec_)/.exec(secret)?.[1] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}
