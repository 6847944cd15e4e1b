import { DEFAULT_REVIEW_PAGE_SIZE, MIN_RATING, type ReviewList } from '@comptoir/contract/review';
import { pagingOf } from '../../lib/list-query';
import type { ReviewRepository } from './review-repository';

export function createReviewService(dependencies: { repository: ReviewRepository }) {
  const { repository } = dependencies;

  return {
    /**
     * The stored Google reviews rated `from` stars or more, newest first, with the average of all
     * of them. A read only reads: newer reviews come from the refresh job (review-refresh.ts).
     */
    async listGoogleReviews(
      siteId: number,
      query: { from?: number; page?: number; nbItem?: number },
    ): Promise<ReviewList> {
      const [{ rows, total }, stats] = await Promise.all([
        repository.list(
          siteId,
          'GOOGLE',
          query.from ?? MIN_RATING,
          pagingOf(query, DEFAULT_REVIEW_PAGE_SIZE),
        ),
        repository.ratingStats(siteId, 'GOOGLE'),
      ]);
      return {
        list: rows.map((row) => ({
          ...row,
          source: 'GOOGLE' as const,
          publishedAt: row.publishedAt.toISOString(),
        })),
        total,
        averageRating: stats.average === null ? null : Math.round(stats.average * 10) / 10,
        ratingCount: stats.count,
      };
    },
  };
}
