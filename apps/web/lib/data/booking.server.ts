import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { listBookableServices, type BookableService } from '@comptoir/contract/booking';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/**
 * The site's services that book online, by position (GET /booking/service): the same for every
 * visitor, so read once per site and kept until the back office's write revalidates
 * `site:<id>:booking` (decision 0125). The free times are never cached: the browser asks them.
 */
export async function getBookableServices(siteId: number): Promise<BookableService[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.booking(siteId));
  return (await siteApi(siteId).call(listBookableServices, { query: {} })).services;
}

/** The bookable service of a service page (its `serviceId`), or null when it does not book. */
export async function getBookableServiceOfPage(
  siteId: number,
  serviceId: number,
): Promise<BookableService | null> {
  return (await getBookableServices(siteId)).find((item) => item.serviceId === serviceId) ?? null;
}
