import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import {
  DEFAULT_NEWS_PAGE_SIZE,
  getNewsList,
  type News,
  type NewsList,
} from '@comptoir/contract/news';
import { siteApi } from '../api-client.server';
import { TIMED_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** One page of the site's published news, newest first (10 per page by default, docs/requirements/news.md). */
export async function getNewsPage(
  siteId: number,
  request: { page?: number; nbItem?: number } = {},
): Promise<NewsList> {
  'use cache';
  cacheLife(TIMED_CONTENT_LIFE);
  cacheTag(siteCacheTags.news(siteId));
  return siteApi(siteId).call(getNewsList, {
    query: { page: request.page ?? 1, nbItem: request.nbItem ?? DEFAULT_NEWS_PAGE_SIZE },
  });
}

/** The news the site puts forward, as the spec loads it at start (GET /news?promoted=true). */
export async function getPromotedNews(siteId: number): Promise<News | null> {
  'use cache';
  cacheLife(TIMED_CONTENT_LIFE);
  cacheTag(siteCacheTags.news(siteId));
  const { promoted } = await siteApi(siteId).call(getNewsList, {
    query: { promoted: 'true', nbItem: 1 },
  });
  return promoted;
}
