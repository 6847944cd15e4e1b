import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import type { SiteInfo } from '@comptoir/contract/site';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** The site's identity: name, URLs, fonts, logos and feature flags. */
export async function getSiteInfo(siteId: number): Promise<SiteInfo> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.info(siteId));
  return siteApi(siteId).getSiteInfo();
}
