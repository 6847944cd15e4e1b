import { z } from 'zod';
import { PRODUCT_TYPES, WINE_KINDS } from '@comptoir/domain/catalogue';
import { DISCOUNT_TYPES } from './discount';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { centsSchema, daySchema } from './admin-shop-fields';

/*
 * Discount codes in the back office (issue 12, decision 0066): the owner creates a code, changes
 * its limits and dates, disables it, and sees the orders that used it. The rules that accept or
 * refuse a code at checkout are decision 0051's; these routes only write what they read.
 */

export const DISCOUNT_CATEGORIES = [...PRODUCT_TYPES, ...WINE_KINDS] as const;
export const DISCOUNT_CATEGORY_LABELS: Record<(typeof DISCOUNT_CATEGORIES)[number], string> = {
  WINE: 'Vins',
  BOX: 'Coffrets',
  OTHER: 'Autres produits',
  RED: 'Vins rouges',
  WHITE: 'Vins blancs',
  ROSE: 'Vins rosés',
  SWEET: 'Vins moelleux et liquoreux',
  SPARKLING: 'Vins effervescents',
};

export const DISCOUNT_CODE_TAKEN_MESSAGE = 'Un autre code de réduction du site porte déjà ce nom.';
export const DISCOUNT_CODE_NOT_FOUND_MESSAGE = 'Ce code de réduction est introuvable.';

const positiveLimit = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(1_000_000, { error: message })
    .nullable();

/** What the owner sets on a code (its scope by product ids, if any, is kept as it is). */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string({ error: 'Le code est obligatoire.' })
      .trim()
      .min(3, { error: 'Le code fait au moins 3 caractères.' })
      .max(40, { error: 'Le code fait 40 caractères au plus.' })
      .regex(/^[A-Za-z0-9_-]+$/, {
        error: 'Le code s’écrit avec des lettres sans accent, des chiffres, - et _.',
      }),
    /** EURO: `amount` in cents; percent: a whole percentage. */
    type: z.enum(DISCOUNT_TYPES),
    amount: z.number({ error: 'Saisissez le montant de la réduction.' }).int().min(0),
    /** The code makes delivery free instead of taking an amount off the products. */
    freeShipping: z.boolean(),
    startsOn: daySchema.nullable(),
    endsOn: daySchema.nullable(),
    minimumCents: centsSchema.nullable(),
    maxUses: positiveLimit('Saisissez un nombre entier d’utilisations, au moins 1.'),
    maxUsesPerCustomer: positiveLimit('Saisissez un nombre entier d’utilisations, au moins 1.'),
    firstOrderOnly: z.boolean(),
    categories: z.array(z.enum(DISCOUNT_CATEGORIES)).max(DISCOUNT_CATEGORIES.length),
    isDisabled: z.boolean(),
  })
  .superRefine((input, context) => {
    if (!input.freeShipping) {
      if (input.type === 'percent' && (input.amount < 1 || input.amount > 100)) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Saisissez un pourcentage entier entre 1 et 100.',
        });
      }
      if (input.type === 'EURO' && (input.amount < 1 || input.amount > 100_000_000)) {
        context.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'Saisissez un montant en euros supérieur à 0 (par exemple 5,00).',
        });
      }
    }
    if (input.startsOn && input.endsOn && input.endsOn < input.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'Le dernier jour vient après le premier.',
      });
    }
    if (
      input.maxUses !== null &&
      input.maxUsesPerCustomer !== null &&
      input.maxUsesPerCustomer > input.maxUses
    ) {
      context.addIssue({
        code: 'custom',
        path: ['maxUsesPerCustomer'],
        message: 'Un client ne peut pas l’utiliser plus de fois que le total permis.',
      });
    }
  });
export type DiscountCodeInput = z.infer<typeof discountCodeInputSchema>;

export const adminDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  amount: z.number().int(),
  freeShipping: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  minimumCents: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.enum(DISCOUNT_CATEGORIES)),
  /** Products the code is limited to (set outside this screen); kept on edit. */
  productIds: z.array(z.number().int()),
  isDisabled: z.boolean(),
  /** Uses by orders that still stand (a cancelled order gives its use back). */
  uses: z.number().int(),
  /** What the code took off those orders, in cents. */
  discountedCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const adminDiscountUseSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  at: z.string(),
  email: z.string(),
  customerName: z.string(),
  status: z.string(),
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  /** Whether the use counts against the limits (a cancelled order's does not). */
  counts: z.boolean(),
});
export type AdminDiscountUse = z.infer<typeof adminDiscountUseSchema>;

export const getAdminDiscountCodes = defineEndpoint({
  method: 'GET',
  path: '/admin/discount-code',
  summary: "The site's discount codes, newest first, with their uses (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(adminDiscountCodeSchema),
});

export const createDiscountCode = defineEndpoint({
  method: 'POST',
  path: '/admin/discount-code',
  summary:
    'Create a discount code; a name another code of the site has answers 409 (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: discountCodeInputSchema,
  response: adminDiscountCodeSchema,
});

export const updateDiscountCode = defineEndpoint({
  method: 'PUT',
  path: '/admin/discount-code/:id',
  summary: "Change a discount code's value, dates, limits or state (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  body: discountCodeInputSchema,
  response: adminDiscountCodeSchema,
});

export const getDiscountCodeUses = defineEndpoint({
  method: 'GET',
  path: '/admin/discount-code/:id/uses',
  summary: 'The orders that used a discount code, newest first (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  response: z.array(adminDiscountUseSchema),
});
