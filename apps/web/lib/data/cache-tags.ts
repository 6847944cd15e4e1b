/**
 * Cache tags of a site's public data.
 *
 * Every read in `lib/data` is a `'use cache'` scope keyed by the site id and tagged with one of
 * these, so a site's pages render once and are then served from Next's cache;
 * `revalidateTag(siteCacheTags.pages(91), 'max')` refreshes only the pages of site 91 that used
 * its page tree.
 *
 * The reads use `cacheLife('minutes')` (served stale while revalidating after 1 minute, expired
 * after 1 hour unused): nothing pushes invalidations from the API yet, so a change made in the
 * back office shows within about a minute, and no visitor waits for the API once a page exists.
 * When the API calls a revalidation hook on writes, the profile can grow to 'hours' or 'days'.
 *
 * User-specific calls (/logged, /user, the cart) are never cached here: client components make
 * them in the browser through the same-origin /api rewrite.
 */
export const siteCacheTags = {
  parameters: (siteId: number) => `site:${siteId}:parameters`,
  info: (siteId: number) => `site:${siteId}:info`,
  pages: (siteId: number) => `site:${siteId}:pages`,
  elements: (siteId: number) => `site:${siteId}:elements`,
  popups: (siteId: number) => `site:${siteId}:popups`,
  externalApps: (siteId: number) => `site:${siteId}:external-apps`,
  companyAddresses: (siteId: number) => `site:${siteId}:company-addresses`,
};
