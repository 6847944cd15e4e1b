import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { MAX_RATING, MIN_RATING } from './review';

/**
 * Display options of storefront components, kept per site under a slug (docs/requirements/pages-and-menu.md:
 * `GET /component/conf/{slug}`). The API serves any JSON object; each component that reads a
 * configuration parses it with its schema below, so a missing or malformed option falls back to
 * its default instead of breaking the page.
 */

export const componentConfSlugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Expected a slug (a-z, 0-9 and hyphens).' });

export const componentConfSchema = z.object({
  slug: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type ComponentConf = z.infer<typeof componentConfSchema>;

export const getComponentConf = defineEndpoint({
  method: 'GET',
  path: '/component/conf/:slug',
  summary: "The configuration of one of the site's storefront components, by slug",
  tags: ['component-conf'],
  params: z.object({ slug: componentConfSlugSchema }),
  response: componentConfSchema,
});

/** A path on the site or an http(s)/mailto/tel link — never javascript:. */
const linkSchema = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i);

/** `services-page`: the services overview and each service's page. */
export const SERVICES_PAGE_CONF_SLUG = 'services-page';
export const servicesPageConfSchema = z.object({
  /** Prices are shown ("Sur devis" when a service has none); false hides them all. */
  showPrices: z.boolean().catch(true),
  /** The call to action under a service, such as « Prendre rendez-vous » to the contact page. */
  ctaLabel: z.string().trim().min(1).max(80).optional().catch(undefined),
  ctaHref: linkSchema.optional().catch(undefined),
});
export type ServicesPageConf = z.infer<typeof servicesPageConfSchema>;

/** `reviews`: the reviews blocks. */
export const REVIEWS_CONF_SLUG = 'reviews';
export const reviewsConfSchema = z.object({
  /** Only reviews with at least this many stars are shown (the average still counts them all). */
  minRating: z.number().int().min(MIN_RATING).max(MAX_RATING).catch(MIN_RATING),
});
export type ReviewsConf = z.infer<typeof reviewsConfSchema>;
