import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { reviewSchema } from './review';

/*
 * The back office's customer reviews: every stored review of the site, hidden ones included, and
 * the owner's choice of which ones the storefront shows (decision 0069). Reviews come from Google
 * and are never edited here: only their visibility is.
 */

export const REVIEW_NOT_FOUND_MESSAGE = 'Cet avis est introuvable.';

export const adminReviewSchema = reviewSchema.extend({
  /** Kept off the storefront by the owner. */
  hidden: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const reviewVisibilityInputSchema = z.object({
  hidden: z.boolean({ error: 'Indiquez si l’avis est masqué ou affiché.' }),
});
export type ReviewVisibilityInput = z.infer<typeof reviewVisibilityInputSchema>;

export const listAdminReviews = defineEndpoint({
  method: 'GET',
  path: '/admin/review',
  summary:
    'Every stored review of the site, hidden ones included, newest first (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.array(adminReviewSchema),
});

export const updateAdminReviewVisibility = defineEndpoint({
  method: 'PUT',
  path: '/admin/review/:id/visibility',
  summary: 'Show one review on the storefront or hide it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: z.object({ id: rowIdSchema }),
  body: reviewVisibilityInputSchema,
  response: adminReviewSchema,
});
