import type { SiteInfo } from '@comptoir/contract/site';

/** The icon of a site without its own (LOGO_FAVICON): Comptoir's, in public/. */
export const FALLBACK_ICON_PATH = '/comptoir-icon.svg';

/**
 * The browser tab's icon of a site, on its pages, in its back office and at /favicon.ico: the
 * site's LOGO_FAVICON, or Comptoir's own (decision 0085).
 */
export function siteIconUrl(info: Pick<SiteInfo, 'logos'>): string {
  const favicon = info.logos.find((logo) => logo.type === 'LOGO_FAVICON' && logo.onlineImage?.url);
  return favicon?.onlineImage?.url ?? FALLBACK_ICON_PATH;
}
