import { cacheLife, cacheTag } from 'next/cache';
import type { Page } from '@comptoir/contract/page';
import { siteApi } from '../api-client.server';
import { siteCacheTags } from './cache-tags';

/** The site's page tree, roots first and siblings in menu order. */
export async function getPageTree(siteId: number): Promise<Page[]> {
  'use cache';
  cacheLife('minutes');
  cacheTag(siteCacheTags.pages(siteId));
  return siteApi(siteId).getPageTree();
}
