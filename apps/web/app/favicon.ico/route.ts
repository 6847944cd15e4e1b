import { getSiteInfo } from '../../lib/data/site-info.server';
import { requestSiteId } from '../../modules/seo/request-site.server';
import { siteIconUrl } from '../../modules/seo/site-icon';

/**
 * GET /favicon.ico, which browsers and feed readers ask for on their own: the icon of the site of
 * the request's host (its LOGO_FAVICON, or Comptoir's), instead of a 404 on every screen of the
 * back office (decision 0085). Outside the `[site]` segment, like robots.txt, so it finds the
 * site from the host; a redirect, as the icon is whatever file the site uploaded.
 */
export async function GET(): Promise<Response> {
  const info = await getSiteInfo(await requestSiteId());
  return new Response(null, {
    status: 302,
    headers: { Location: siteIconUrl(info), 'Cache-Control': 'public, max-age=3600' },
  });
}
