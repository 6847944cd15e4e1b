import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import { getPageRedirects, type PageRedirect } from '@comptoir/contract/admin-pages';
import type { Page, PageDetail } from '@comptoir/contract/page';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** The site's page tree, roots first and siblings in menu order. */
export async function getPageTree(siteId: number): Promise<Page[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.pages(siteId));
  return siteApi(siteId).getPageTree();
}

/**
 * One page of the tree with its content blocks (GET /page/:id), or null when the page is gone
 * (deleted since the tree was read): the route then answers 404 like for an unknown URL.
 */
export async function getPageDetail(siteId: number, id: number): Promise<PageDetail | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.pages(siteId));
  try {
    return await siteApi(siteId).getPage(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The addresses of deleted or renamed pages and where each now leads (GET /page/redirects),
 * cached with the tree: every page write in the back office refreshes the pages tag.
 */
export async function getPageRedirectList(siteId: number): Promise<PageRedirect[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.pages(siteId));
  return siteApi(siteId).call(getPageRedirects);
}
