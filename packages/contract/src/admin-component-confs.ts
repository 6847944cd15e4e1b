import { z } from 'zod';
import {
  REVIEWS_CONF_SLUG,
  reviewsConfSchema,
  SERVICES_PAGE_CONF_SLUG,
  servicesPageConfSchema,
} from './component-conf';
import { defineEndpoint } from './endpoint';
import { MAX_RATING, MIN_RATING } from './review';

/*
 * The back office's component configurations (decision 0069): one form per component the
 * storefront knows. The storefront's schemas (component-conf.ts) forgive anything by falling back
 * to defaults; the schemas here are strict, so that an owner's mistake is refused (422) instead
 * of being silently replaced by a default.
 */

export const CTA_PAIR_MESSAGE =
  'Renseignez le texte et le lien du bouton ensemble, ou laissez les deux vides.';
export const CTA_HREF_MESSAGE =
  'Saisissez une adresse du site commençant par / (par exemple /nous-contacter), ou un lien http(s)://, mailto: ou tel:.';
export const MIN_RATING_MESSAGE = `Choisissez une note de ${MIN_RATING} à ${MAX_RATING} étoiles.`;

/** A blank text means "not set"; the stored configuration leaves the option out. */
const optionalText = (schema: z.ZodString) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

export const servicesPageConfInputSchema = z
  .object({
    showPrices: z.boolean({ error: 'Indiquez si les prix sont affichés.' }),
    ctaLabel: optionalText(
      z.string().trim().min(1).max(80, { error: 'Le texte du bouton fait 80 caractères au plus.' }),
    ),
    ctaHref: optionalText(
      z
        .string()
        .trim()
        .max(2000, { error: CTA_HREF_MESSAGE })
        .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i, { error: CTA_HREF_MESSAGE }),
    ),
  })
  .refine((conf) => (conf.ctaLabel === undefined) === (conf.ctaHref === undefined), {
    path: ['ctaLabel'],
    error: CTA_PAIR_MESSAGE,
  });

export const reviewsConfInputSchema = z.object({
  minRating: z
    .number({ error: MIN_RATING_MESSAGE })
    .int({ error: MIN_RATING_MESSAGE })
    .min(MIN_RATING, { error: MIN_RATING_MESSAGE })
    .max(MAX_RATING, { error: MIN_RATING_MESSAGE }),
});

/** Every configurable component: its slug, its name for the owner, and its two schemas. */
export const KNOWN_COMPONENT_CONFS = {
  [SERVICES_PAGE_CONF_SLUG]: {
    label: 'Page des prestations',
    description:
      'La liste des prestations et la page de chacune : prix affichés, bouton sous chaque prestation.',
    input: servicesPageConfInputSchema,
    read: servicesPageConfSchema,
  },
  [REVIEWS_CONF_SLUG]: {
    label: 'Blocs d’avis clients',
    description:
      'Les blocs d’avis : seuls les avis ayant au moins cette note sont affichés (la moyenne les compte tous).',
    input: reviewsConfInputSchema,
    read: reviewsConfSchema,
  },
} as const;
export type KnownComponentConfSlug = keyof typeof KNOWN_COMPONENT_CONFS;
export const KNOWN_COMPONENT_CONF_SLUGS = Object.keys(
  KNOWN_COMPONENT_CONFS,
) as KnownComponentConfSlug[];

export type ServicesPageConfInput = z.input<typeof servicesPageConfInputSchema>;
export type ReviewsConfInput = z.input<typeof reviewsConfInputSchema>;

/** The configurations as the storefront reads them (defaults where nothing is stored). */
export const adminComponentConfsSchema = z.object({
  [SERVICES_PAGE_CONF_SLUG]: servicesPageConfSchema,
  [REVIEWS_CONF_SLUG]: reviewsConfSchema,
});
export type AdminComponentConfs = z.infer<typeof adminComponentConfsSchema>;

export const listAdminComponentConfs = defineEndpoint({
  method: 'GET',
  path: '/admin/component-conf',
  summary:
    "The site's configuration of each known storefront component, defaults filled in (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: adminComponentConfsSchema,
});

export const updateServicesPageConf = defineEndpoint({
  method: 'PUT',
  path: `/admin/component-conf/${SERVICES_PAGE_CONF_SLUG}`,
  summary: 'Replace the configuration of the services pages (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: servicesPageConfInputSchema,
  response: servicesPageConfSchema,
});

export const updateReviewsConf = defineEndpoint({
  method: 'PUT',
  path: `/admin/component-conf/${REVIEWS_CONF_SLUG}`,
  summary: 'Replace the configuration of the reviews blocks (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: reviewsConfInputSchema,
  response: reviewsConfSchema,
});
