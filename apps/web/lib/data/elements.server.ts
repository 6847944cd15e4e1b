import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import { getElementList, type ElementList } from '@comptoir/contract/element';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/**
 * The first page of one of the site's element lists (the banner's messages, the footer's logos
 * and links). A list the site does not have is empty: the layout then simply leaves it out.
 */
export async function getElementListPage(
  siteId: number,
  route: string,
  nbItem: number,
): Promise<ElementList> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.elements(siteId));
  try {
    return await siteApi(siteId).call(getElementList, {
      params: { route },
      query: { page: 1, nbItem },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { route, name: '', list: [], total: 0 };
    throw error;
  }
}
