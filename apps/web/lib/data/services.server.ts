import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import {
  SERVICES_PAGE_CONF_SLUG,
  servicesPageConfSchema,
  type ServicesPageConf,
} from '@comptoir/contract/component-conf';
import {
  DEFAULT_SERVICE_PAGE_SIZE,
  getService,
  getServices,
  type Service,
  type ServiceSummary,
} from '@comptoir/contract/service';
import { servicePath } from '../../modules/services/service-format';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';
import { getComponentConfig } from './component-confs.server';

/**
 * The site's published services, those with any of the tags when tags are given, as the spec
 * calls it: `GET /service?page=1&nbItem=100&tag=a,b`, read from `data.services`.
 */
export async function getSiteServices(
  siteId: number,
  tags: readonly string[] = [],
): Promise<ServiceSummary[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.services(siteId));
  const data = await siteApi(siteId).call(getServices, {
    query: { page: 1, nbItem: DEFAULT_SERVICE_PAGE_SIZE, tag: tags.join(',') },
  });
  return data.services;
}

/**
 * One service, or null when the site has no such published service. docs/requirements/services.md wants the current
 * service kept and refetched only when the requested id differs: this cache entry, keyed by
 * (siteId, id), is exactly that — revisiting a service is served from it, another id fetches.
 */
export async function getSiteService(siteId: number, id: number): Promise<Service | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.services(siteId));
  try {
    return await siteApi(siteId).call(getService, { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The display options of the services pages (`services-page`), defaults filling the gaps. */
export async function getServicesPageConf(siteId: number): Promise<ServicesPageConf> {
  return servicesPageConfSchema.parse((await getComponentConfig(siteId, SERVICES_PAGE_CONF_SLUG)) ?? {});
}

/** Every published service's page, for the sitemap (all pages of the list, 100 at a time). */
export async function listServiceUrls(siteId: number): Promise<{ path: string }[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.services(siteId));
  const paths: { path: string }[] = [];
  for (let page = 1; ; page += 1) {
    const data = await siteApi(siteId).call(getServices, {
      query: { page, nbItem: DEFAULT_SERVICE_PAGE_SIZE },
    });
    paths.push(...data.services.map((service) => ({ path: servicePath(service) })));
    if (data.services.length === 0 || paths.length >= data.total) return paths;
  }
}
