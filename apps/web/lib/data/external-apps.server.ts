import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import {
  ANALYTICS_APPS,
  getExternalAppPublicConfig,
  getProductFileGeneratorConfig,
  type ExternalAppPublicConfig,
} from '@comptoir/contract/external-app';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/**
 * The analytics services the site connected, with their public identifiers (docs/requirements/consent-and-analytics.md: one call per
 * service). A service the site has not connected answers 404 and is left out.
 */
export async function getAnalyticsConfigs(siteId: number): Promise<ExternalAppPublicConfig[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.externalApps(siteId));
  const api = siteApi(siteId);
  const configs = await Promise.all(
    ANALYTICS_APPS.map(async (app) => {
      try {
        return await api.call(getExternalAppPublicConfig, { params: { app } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    }),
  );
  return configs.filter((config): config is ExternalAppPublicConfig => config !== null);
}

/**
 * Whether the site offers the PDF product sheet: the spec's server-start call
 * `GET /external-app/PRODUCT_FILE_GENERATOR/config/public` (decision 0099).
 */
export async function isProductSheetOffered(siteId: number): Promise<boolean> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.externalApps(siteId));
  const answer = await siteApi(siteId).call(getProductFileGeneratorConfig);
  return answer.config.enabled;
}
