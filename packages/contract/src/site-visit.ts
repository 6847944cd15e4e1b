import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The longest traffic source `?from=` a visit may carry. */
export const VISIT_SOURCE_MAX_LENGTH = 100;

export const visitSourceSchema = z
  .string()
  .trim()
  .min(1, { error: 'The visit source cannot be empty.' })
  .max(VISIT_SOURCE_MAX_LENGTH, {
    error: `The visit source is at most ${VISIT_SOURCE_MAX_LENGTH} characters long.`,
  });

export const siteVisitSchema = z.object({
  source: z.string(),
  /** Visits recorded from this source on the site so far, this one included. */
  visits: z.number().int().min(1),
});
export type SiteVisit = z.infer<typeof siteVisitSchema>;

/**
 * Called once when a visitor lands with `?from=<source>` (a newsletter, a flyer's QR code, a
 * partner's link), before the storefront strips the query string (docs/requirements/consent-and-analytics.md).
 */
export const logSiteVisit = defineEndpoint({
  method: 'GET',
  path: '/site/visit/:from',
  summary: 'Record a visit that came from a traffic source (the ?from= of the landing URL)',
  tags: ['site'],
  params: z.object({ from: visitSourceSchema }),
  response: siteVisitSchema,
});
