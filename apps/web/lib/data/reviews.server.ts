import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import {
  REVIEWS_CONF_SLUG,
  reviewsConfSchema,
  type ReviewsConf,
} from '@comptoir/contract/component-conf';
import { getReviews, type ReviewList } from '@comptoir/contract/review';
import { siteApi } from '../api-client.server';
import { TIMED_CONTENT_LIFE, siteCacheTags } from './cache-tags';
import { getComponentConfig } from './component-confs.server';

/**
 * The newest stored Google reviews rated minRating stars or more (`GET /google/reviews?from=`),
 * with the average of all of them. The API fetches newer ones from Google in the background
 * when it is configured to; they show here within the cache's lifetime.
 */
export async function getSiteReviews(
  siteId: number,
  options: { minRating: number; nbItem: number },
): Promise<ReviewList> {
  'use cache';
  cacheLife(TIMED_CONTENT_LIFE);
  cacheTag(siteCacheTags.reviews(siteId));
  return siteApi(siteId).call(getReviews, {
    query: { from: options.minRating, page: 1, nbItem: options.nbItem },
  });
}

/** The display options of the reviews blocks (`reviews`), defaults filling the gaps. */
export async function getReviewsConf(siteId: number): Promise<ReviewsConf> {
  return reviewsConfSchema.parse((await getComponentConfig(siteId, REVIEWS_CONF_SLUG)) ?? {});
}
