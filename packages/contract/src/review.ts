import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { pagingQuerySchema } from './list-query';

/**
 * Reviews from a search provider (docs/requirements/reviews.md: `GET /google/reviews?from`). The API serves the
 * reviews stored in its database; it fills them from Google Places in the background only when
 * a Places API key and the site's place id are configured (GOOGLE_PLACES_API_KEY,
 * GOOGLE_PLACES_PLACE_IDS), at most once a day per site.
 */

export const REVIEW_SOURCES = ['GOOGLE'] as const;
export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Reviews per page when the caller gives no nbItem (docs/requirements/reviews.md: "default list 10"). */
export const DEFAULT_REVIEW_PAGE_SIZE = 10;

export const reviewSchema = z.object({
  id: z.number().int(),
  source: z.enum(REVIEW_SOURCES),
  authorName: z.string(),
  /** The author's picture at the provider, when they have one. */
  authorPhotoUrl: z.string().nullable(),
  /** Stars, 1 to 5. */
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  /** Plain text (not HTML); null for a rating without a comment. */
  text: z.string().nullable(),
  /** ISO 8601 date and time. */
  publishedAt: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  /** The requested page of reviews rated `from` or more, newest first. */
  list: z.array(reviewSchema),
  /** Reviews rated `from` or more, all pages together. */
  total: z.number().int().min(0),
  /**
   * Mean rating of ALL the site's stored reviews, whatever `from` says (one decimal), so that a
   * page showing only its best reviews still states its true average; null without reviews.
   */
  averageRating: z.number().min(MIN_RATING).max(MAX_RATING).nullable(),
  /** How many reviews the average is computed from. */
  ratingCount: z.number().int().min(0),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const getReviews = defineEndpoint({
  method: 'GET',
  path: '/google/reviews',
  summary:
    "The site's stored reviews, newest first: from=n keeps those rated n stars or more (1–5, default 1); 10 per page by default",
  tags: ['review'],
  query: pagingQuerySchema.extend({
    /** The minimum rating, in stars. */
    from: z.coerce.number().int().min(MIN_RATING).max(MAX_RATING).optional(),
  }),
  response: reviewListSchema,
});

// ---------------------------------------------------------------------------------------------
// The review request mail (ORDER_REVIEW_DELAY, decision 0104).

/** The « ne plus recevoir de demande d’avis » link's secret: 32 random bytes, base64url. */
export const reviewRequestTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Expected the token of a review request link.' });

/**
 * GET /review-requests/unsubscribe/:token, the link of every review request mail (opened through
 * the storefront's /api/ forwarding): the address gets no more review request from the site, and
 * the answer is a small French HTML page, not an envelope. An unknown token is a 404 envelope.
 */
export const reviewRequestUnsubscribeRoute = {
  method: 'GET',
  path: '/review-requests/unsubscribe/:token',
  summary:
    'The unsubscribe link of a review request mail: no more review requests to this address from the site (HTML page)',
  tags: ['review'],
  params: z.object({ token: reviewRequestTokenSchema }),
} as const;

export const REVIEW_REQUEST_LINK_UNKNOWN_MESSAGE =
  'Ce lien de désinscription n’est pas valable : copiez-le en entier depuis le message reçu.';
export const REVIEW_REQUEST_UNSUBSCRIBED_MESSAGE = 'Vous ne recevrez plus de demande d’avis.';
