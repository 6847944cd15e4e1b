import type { BlockOf } from '@comptoir/contract/page-blocks';
import { getReviewsConf, getSiteReviews } from '../../lib/data/reviews.server';
import { BlockSection } from '../page-blocks/block-section';
import { ReviewsList } from './reviews-list';

const DEFAULT_TITLE = 'Avis de nos clients';

/**
 * The newest Google reviews (block.nbItem of them) rated at least the `reviews` configuration's
 * minRating, under the average of all reviews. Without any review to show, the block is empty.
 */
export async function ReviewsBlock({
  block,
  siteId,
}: {
  block: BlockOf<'reviews'>;
  siteId: number;
}) {
  const { minRating } = await getReviewsConf(siteId);
  const reviews = await getSiteReviews(siteId, { minRating, nbItem: block.nbItem });
  if (reviews.list.length === 0) return null;
  return (
    <BlockSection title={block.title ?? DEFAULT_TITLE}>
      <ReviewsList reviews={reviews} />
    </BlockSection>
  );
}
