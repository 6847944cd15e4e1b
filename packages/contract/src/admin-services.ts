import { z } from 'zod';
import { siteImageUrlSchema } from './admin-content';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { serviceSchema, serviceTagSchema } from './service';

/*
 * The back office's services (docs/requirements/services.md's GET /service shows them): every field a visitor sees,
 * drafts included, in the order the storefront lists them. Prices travel in cents; the form
 * takes euros as the owner types them ("49,90") and turns them into cents here, once.
 */

export const SERVICE_NOT_FOUND_MESSAGE = 'Cette prestation est introuvable.';
export const SERVICE_SLUG_TAKEN_MESSAGE =
  'Une autre prestation du site a déjà cette adresse : choisissez-en une autre.';
export const SERVICE_ORDER_MESSAGE =
  'Envoyez chaque prestation du site une seule fois, dans le nouvel ordre.';
export const SERVICE_PRICE_MESSAGE =
  'Saisissez un prix positif en euros, avec deux décimales au plus (par exemple 49,90), ou laissez vide pour « Sur devis ».';
export const SERVICE_DURATION_MESSAGE =
  'Saisissez une durée en minutes (un nombre entier de 1 à 1 440), ou laissez vide.';
/** Most services one site may hold (the storefront reads them 100 at a time). */
export const SERVICE_MAX_COUNT = 500;
export const SERVICE_MAX_TAGS = 20;

/** A slug as the storefront's service URL carries it: lower-case words joined by hyphens. */
export const serviceSlugSchema = z
  .string()
  .trim()
  .max(120, { error: 'L’adresse fait 120 caractères au plus.' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error:
      'Lettres minuscules sans accent, chiffres et tirets seulement (par exemple coupe-femme).',
  });

/** What the owner writes for a service; the API stores it as sent (HTML is sanitized on display). */
export const serviceInputSchema = z.object({
  title: z
    .string({ error: 'Le titre est obligatoire.' })
    .trim()
    .min(1, { error: 'Le titre est obligatoire.' })
    .max(200, { error: 'Le titre fait 200 caractères au plus.' }),
  /** Made from the title when left out. */
  slug: serviceSlugSchema.nullable().default(null),
  summary: z
    .string()
    .trim()
    .max(500, { error: 'Le résumé fait 500 caractères au plus.' })
    .nullable()
    .default(null),
  content: z
    .string()
    .max(50_000, { error: 'La description fait 50 000 caractères au plus.' })
    .nullable()
    .default(null),
  imageUrl: siteImageUrlSchema.nullable().default(null),
  /** Cents; null for « Sur devis ». */
  priceCents: z
    .number()
    .int({ error: SERVICE_PRICE_MESSAGE })
    .min(0, { error: SERVICE_PRICE_MESSAGE })
    .max(100_000_000, { error: SERVICE_PRICE_MESSAGE })
    .nullable()
    .default(null),
  durationMinutes: z
    .number()
    .int({ error: SERVICE_DURATION_MESSAGE })
    .min(1, { error: SERVICE_DURATION_MESSAGE })
    .max(1440, { error: SERVICE_DURATION_MESSAGE })
    .nullable()
    .default(null),
  tags: z
    .array(serviceTagSchema)
    .max(SERVICE_MAX_TAGS, { error: `${SERVICE_MAX_TAGS} étiquettes au plus.` })
    .default([]),
  isPublished: z.boolean().default(true),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * "49,90" / "49.90" / "50" → 4990; blank → null (on request); anything else → undefined (wrong).
 * Computed on the digits, so 0,1 + 0,2 never drifts.
 */
export function eurosTextToCents(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (trimmed === '') return null;
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 4990 → "49,90"; null → "" (the form's way of writing cents back). */
export function centsToEurosText(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The back office's form: texts as typed (price in euros, duration, tags separated by commas),
 * turned into `serviceInputSchema`'s values. Blank optional texts become null.
 */
export const serviceFormSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    summary: z.string(),
    content: z.string(),
    imageUrl: z.string(),
    price: z.string(),
    duration: z.string(),
    tags: z.string(),
    isPublished: z.boolean(),
  })
  .transform((form, context) => {
    const blankToNull = (text: string) => (text.trim() === '' ? null : text);
    const priceCents = eurosTextToCents(form.price);
    if (priceCents === undefined) {
      context.addIssue({ code: 'custom', path: ['price'], message: SERVICE_PRICE_MESSAGE });
    }
    const duration = form.duration.trim();
    const durationMinutes =
      duration === '' ? null : /^\d+$/.test(duration) ? Number(duration) : NaN;
    if (Number.isNaN(durationMinutes)) {
      context.addIssue({ code: 'custom', path: ['duration'], message: SERVICE_DURATION_MESSAGE });
    }
    const parsed = serviceInputSchema.safeParse({
      title: form.title,
      slug: blankToNull(form.slug),
      summary: blankToNull(form.summary),
      content: blankToNull(form.content),
      imageUrl: blankToNull(form.imageUrl),
      priceCents: priceCents ?? null,
      durationMinutes: Number.isNaN(durationMinutes) ? null : durationMinutes,
      tags: form.tags
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
      isPublished: form.isPublished,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field = key === 'priceCents' ? 'price' : key === 'durationMinutes' ? 'duration' : key;
        context.addIssue({ code: 'custom', path: [String(field)], message: issue.message });
      }
      return z.NEVER;
    }
    return parsed.data;
  });
export type ServiceFormValues = z.input<typeof serviceFormSchema>;

export const adminServiceSchema = serviceSchema.extend({
  position: z.number().int(),
  isPublished: z.boolean(),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

const serviceParams = z.object({ id: rowIdSchema });

export const listAdminServices = defineEndpoint({
  method: 'GET',
  path: '/admin/service',
  summary:
    "Every service of the site, drafts included, in the storefront's order (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(adminServiceSchema),
});

export const createAdminService = defineEndpoint({
  method: 'POST',
  path: '/admin/service',
  summary:
    'Add a service after the last one; its slug is made from the title when not given (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: serviceInputSchema,
  response: adminServiceSchema,
});

export const updateAdminService = defineEndpoint({
  method: 'PUT',
  path: '/admin/service/:id',
  summary: 'Change every field of one service (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: serviceParams,
  body: serviceInputSchema,
  response: adminServiceSchema,
});

export const deleteAdminService = defineEndpoint({
  method: 'DELETE',
  path: '/admin/service/:id',
  summary: 'Delete one service (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: serviceParams,
  response: z.object({ id: z.number().int() }),
});

export const reorderAdminServices = defineEndpoint({
  method: 'PUT',
  path: '/admin/service/order',
  summary: "Put the site's services in a new order: every id once each (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  body: z.object({
    ids: z
      .array(z.number().int().positive())
      .min(1, { error: SERVICE_ORDER_MESSAGE })
      .max(SERVICE_MAX_COUNT)
      .refine((ids) => new Set(ids).size === ids.length, { error: SERVICE_ORDER_MESSAGE }),
  }),
  response: z.array(adminServiceSchema),
});
