import 'server-only';
import { headers } from 'next/headers';
import { apiUrl, fallbackSiteId } from '../../lib/env';
import { createSiteResolver } from '../../lib/site-resolver';

const resolveSite = createSiteResolver({ apiUrl: apiUrl(), fallbackSiteId: fallbackSiteId() });

/**
 * The site of the request's host, as server.ts finds it for pages. robots.txt and sitemap.xml
 * must sit at the root of `app/` (Next serves metadata files from there), outside the `[site]`
 * segment the storefront's server fills in, so they resolve the host themselves.
 */
export async function requestSiteId(): Promise<number> {
  // The Host header only: X-Forwarded-Host is client-controlled unless a trusted proxy sets it.
  return resolveSite((await headers()).get('host') ?? '');
}
