import { and, avg, count, desc, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';
import type { Paging } from '../../lib/list-query';
import type { ReviewRow } from './google-places';

export type ReviewSource = 'GOOGLE';

export function createReviewRepository(db: Db) {
  const ofSource = (siteId: number, source: ReviewSource) =>
    and(eq(reviews.siteId, siteId), eq(reviews.source, source));

  return {
    /** One page of the site's reviews rated minRating or more, newest first. */
    async list(siteId: number, source: ReviewSource, minRating: number, paging: Paging) {
      const where = and(
        ofSource(siteId, source),
        gte(reviews.rating, minRating),
        eq(reviews.hidden, false),
      );
      const rows = await db
        .select({
          id: reviews.id,
          authorName: reviews.authorName,
          authorPhotoUrl: reviews.authorPhotoUrl,
          rating: reviews.rating,
          text: reviews.text,
          publishedAt: reviews.publishedAt,
        })
        .from(reviews)
        .where(where)
        .orderBy(desc(reviews.publishedAt), desc(reviews.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(reviews).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * Mean rating and number of all the site's reviews of this source, hidden ones included: the
     * owner picks which reviews are shown, not the average they add up to (decision 0069).
     */
    async ratingStats(siteId: number, source: ReviewSource) {
      const [stats] = await db
        .select({ average: avg(reviews.rating), count: count() })
        .from(reviews)
        .where(ofSource(siteId, source));
      return {
        average:
          stats?.average === null || stats?.average === undefined ? null : Number(stats.average),
        count: stats?.count ?? 0,
      };
    },

    /** When reviews of this source were last written for the site (survives restarts). */
    async lastFetchedAt(siteId: number, source: ReviewSource): Promise<Date | null> {
      const [row] = await db
        .select({ last: max(reviews.fetchedAt) })
        .from(reviews)
        .where(ofSource(siteId, source));
      return row?.last ?? null;
    },

    /**
     * Inserts new reviews and refreshes known ones (an author may edit a review), keyed by
     * (site, source, external id), in one statement.
     */
    async upsert(rows: readonly ReviewRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const written = await db
        .insert(reviews)
        .values([...rows])
        .onConflictDoUpdate({
          target: [reviews.siteId, reviews.source, reviews.externalId],
          set: {
            authorName: sql`excluded.author_name`,
            authorPhotoUrl: sql`excluded.author_photo_url`,
            rating: sql`excluded.rating`,
            text: sql`excluded.text`,
            publishedAt: sql`excluded.published_at`,
            fetchedAt: sql`excluded.fetched_at`,
          },
        })
        .returning({ id: reviews.id });
      return written.length;
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
