import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  listAdminReviews,
  REVIEW_NOT_FOUND_MESSAGE,
  updateAdminReviewVisibility,
  type AdminReview,
} from '@comptoir/contract/admin-reviews';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';

/*
 * The back office's reviews: the owner shows or hides each stored review (decision 0069). A
 * change refreshes the storefront's `reviews` tag only: reviews are not part of the API's
 * per-site cache. Every query filters on the site id.
 */

const adminColumns = {
  id: reviews.id,
  source: reviews.source,
  authorName: reviews.authorName,
  authorPhotoUrl: reviews.authorPhotoUrl,
  rating: reviews.rating,
  text: reviews.text,
  publishedAt: reviews.publishedAt,
  hidden: reviews.hidden,
};

function toAdminReview(
  row: Omit<AdminReview, 'source' | 'publishedAt'> & { publishedAt: Date },
): AdminReview {
  return { ...row, source: 'GOOGLE', publishedAt: row.publishedAt.toISOString() };
}

export function createReviewAdmin(db: Db, storefront: StorefrontRevalidation) {
  const ofSite = (siteId: number, id: number) =>
    and(eq(reviews.siteId, siteId), eq(reviews.id, id));

  return {
    async list(siteId: number): Promise<AdminReview[]> {
      const rows = await db
        .select(adminColumns)
        .from(reviews)
        .where(eq(reviews.siteId, siteId))
        .orderBy(desc(reviews.publishedAt), desc(reviews.id));
      return rows.map(toAdminReview);
    },

    async setHidden(
      siteId: number,
      id: number,
      hidden: boolean,
      actor: AuditActor,
    ): Promise<AdminReview> {
      const after = await db.transaction(async (tx) => {
        const [before] = await tx
          .select(adminColumns)
          .from(reviews)
          .where(ofSite(siteId, id))
          .for('update');
        if (!before) throw new HttpError(404, REVIEW_NOT_FOUND_MESSAGE);
        const [updated] = await tx
          .update(reviews)
          .set({ hidden })
          .where(ofSite(siteId, id))
          .returning(adminColumns);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'review',
          entityId: id,
          summary: `Avis de ${before.authorName} ${hidden ? 'masqué' : 'affiché'} sur le site`,
          before: { hidden: before.hidden },
          after: { hidden },
        });
        return updated!;
      });
      storefront.revalidate(siteId, ['reviews']);
      return toAdminReview(after);
    },
  };
}

export function registerReviewAdminRoutes(app: FastifyInstance, admin: ReviewAdmin): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminReviews, ({ request }) => admin.list(request.site.id));
    registerEndpoint(scope, updateAdminReviewVisibility, async ({ request, params, body }) =>
      admin.setHidden(request.site.id, params.id, body.hidden, await adminActor(request)),
    );
  });
}

export type ReviewAdmin = ReturnType<typeof createReviewAdmin>;
