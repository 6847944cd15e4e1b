import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { getSiteHost, type SiteHost } from '@comptoir/contract/site';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/**
 * The host the legal notice names (decision 0110): the platform's, cached with the site's info,
 * which the API revalidates on every site when the platform's screen changes it.
 */
export async function getHost(siteId: number): Promise<SiteHost> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.info(siteId));
  return siteApi(siteId).call(getSiteHost);
}
