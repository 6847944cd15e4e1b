import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import { getComponentConf } from '@comptoir/contract/component-conf';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/**
 * The configuration a storefront component reads (GET /component/conf/{slug}), or null when the
 * site has none: the component then uses its defaults. The caller parses it with the component's
 * schema from @comptoir/contract/component-conf.
 */
export async function getComponentConfig(
  siteId: number,
  slug: string,
): Promise<Record<string, unknown> | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.componentConfs(siteId));
  try {
    return (await siteApi(siteId).call(getComponentConf, { params: { slug } })).config;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
