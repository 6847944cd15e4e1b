import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, pagingQuerySchema } from './list-query';

/**
 * Generic element lists (docs/requirements/elements.md): a site keeps named lists of small items — the messages of
 * the promotional banner, the partner logos and useful links of the footer… — each list known by
 * its route slug ('bandeau-promotionnel', 'logo-footer', 'link-footer').
 */
export const elementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Rich text, as the site wrote it: the storefront sanitizes it before showing it. */
  html: z.string().nullable(),
  /** A CSS hex colour (#rgb, #rrggbb or with alpha). */
  backgroundColor: z.string().nullable(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  position: z.number().int(),
  /** Places offered when visitors may register for the element (an event); null otherwise. */
  registrationCapacity: z.number().int().nullable(),
});
export type Element = z.infer<typeof elementSchema>;

export const elementListSchema = z.object({
  route: z.string(),
  name: z.string(),
  /** The published elements of the requested page, by position. */
  list: z.array(elementSchema),
  /** Published elements matching the filters, all pages together. */
  total: z.number().int().min(0),
});
export type ElementList = z.infer<typeof elementListSchema>;

/** A list's route: a slug of lower-case letters, digits and hyphens. */
export const elementRouteSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Expected a slug (a-z, 0-9 and hyphens).' });

/** Page size of an element list when the caller gives none (docs/requirements/elements.md). */
export const DEFAULT_ELEMENT_PAGE_SIZE = 24;

export const getElementList = defineEndpoint({
  method: 'GET',
  path: '/element/:route',
  summary:
    "One page of a list's published elements, by position (filterable with the list operators; 24 per page by default, at most 1000)",
  tags: ['element'],
  params: z.object({ route: elementRouteSchema }),
  query: pagingQuerySchema.extend({
    id: filterValueSchema,
    title: filterValueSchema,
    position: filterValueSchema,
    backgroundColor: filterValueSchema,
    linkUrl: filterValueSchema,
  }),
  response: elementListSchema,
});

export const getElement = defineEndpoint({
  method: 'GET',
  path: '/element/:route/:id',
  summary: 'One published element of a list',
  tags: ['element'],
  params: z.object({
    route: elementRouteSchema,
    id: rowIdSchema,
  }),
  response: elementSchema,
});
