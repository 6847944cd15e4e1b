import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import type { Parameter } from '@comptoir/contract/parameter';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** Every parameter of the site (theme, layout, company identity, texts, features). */
export async function getParameters(siteId: number): Promise<Parameter[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.parameters(siteId));
  return siteApi(siteId).getParameters();
}
