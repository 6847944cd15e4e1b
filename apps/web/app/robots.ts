import type { MetadataRoute } from 'next';
import { getSiteInfo } from '../lib/data/site-info.server';
import { requestSiteId } from '../modules/seo/request-site.server';
import { buildRobots } from '../modules/seo/sitemap';

/** robots.txt of the site the request's host belongs to. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const info = await getSiteInfo(await requestSiteId());
  return buildRobots(info.url);
}
