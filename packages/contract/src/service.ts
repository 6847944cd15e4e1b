import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { pagingQuerySchema } from './list-query';

/**
 * The services a business offers (docs/requirements/services.md: `GET /service?page=1&nbItem=100&tag=…`, read as
 * `data.services`, and `GET /service/{id}`), shown by the services blocks of CMS pages and on
 * their own page `/prestation-conseil-en-image/{slug}/{id}`.
 */

/** Services per page when the caller gives no nbItem (docs/requirements/services.md: "services 100"). */
export const DEFAULT_SERVICE_PAGE_SIZE = 100;
/** How many tags one request may filter on (a services block holds at most 20). */
export const MAX_SERVICE_TAG_FILTERS = 20;

/** A tag such as 'particuliers' or 'coiffure'; the comma separates tags in the query string. */
export const serviceTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^,]+$/, { error: 'A tag cannot contain a comma.' });

/**
 * `tag=a,b` as it travels: split on commas, blanks dropped. A service matches when it has any of
 * the tags; an empty list does not filter.
 */
export const serviceTagListQuerySchema = z
  .string()
  .max(MAX_SERVICE_TAG_FILTERS * 61)
  .transform((value) =>
    value
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  )
  .pipe(
    z.array(serviceTagSchema).max(MAX_SERVICE_TAG_FILTERS, {
      error: `At most ${MAX_SERVICE_TAG_FILTERS} tags.`,
    }),
  );

/** What a card needs: everything but the long description. */
export const serviceSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The slug of the service's page URL. */
  slug: z.string(),
  /** One or two sentences for cards and the page's meta description. */
  summary: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Price in euro cents; null when the price is given on request ("Sur devis"). */
  priceCents: z.number().int().min(0).nullable(),
  durationMinutes: z.number().int().min(1).nullable(),
  tags: z.array(z.string()),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const serviceSchema = serviceSummarySchema.extend({
  /** Rich text as the site wrote it: the storefront sanitizes it before showing it. */
  content: z.string().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListSchema = z.object({
  /** The published services of the requested page, by position. */
  services: z.array(serviceSummarySchema),
  /** Published services matching the tags, all pages together. */
  total: z.number().int().min(0),
});
export type ServiceList = z.infer<typeof serviceListSchema>;

export const serviceIdSchema = rowIdSchema;

export const getServices = defineEndpoint({
  method: 'GET',
  path: '/service',
  summary:
    "One page of the site's published services by position (100 per page by default); tag=a,b keeps those with any of the tags",
  tags: ['service'],
  query: pagingQuerySchema.extend({ tag: serviceTagListQuerySchema.optional() }),
  response: serviceListSchema,
});

export const getService = defineEndpoint({
  method: 'GET',
  path: '/service/:id',
  summary: 'One published service of the site, with its description',
  tags: ['service'],
  params: z.object({ id: serviceIdSchema }),
  response: serviceSchema,
});
