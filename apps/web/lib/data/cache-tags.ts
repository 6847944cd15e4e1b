/**
 * Cache tags of a site's public data.
 *
 * Every read in `lib/data` is a `'use cache'` scope keyed by the site id and tagged with one of
 * these, so a site's pages render once and are then served from Next's cache;
 * `revalidateTag(siteCacheTags.pages(91), 'max')` refreshes only the pages of site 91 that used
 * its page tree.
 *
 * The reads use `cacheLife('minutes')` (served stale while revalidating after 1 minute, expired
 * after 1 hour unused). The API's admin writes (page blocks, parameters, element lists) call the
 * storefront's revalidation hook for the tags they touch, so those changes show on the next visit
 * (decision 0008); content without a write endpoint yet (blog, news, albums…) shows within about a
 * minute of a change in the database. No visitor waits for the API once a page exists.
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
  forms: (siteId: number) => `site:${siteId}:forms`,
  albums: (siteId: number) => `site:${siteId}:albums`,
  blog: (siteId: number) => `site:${siteId}:blog`,
  news: (siteId: number) => `site:${siteId}:news`,
  services: (siteId: number) => `site:${siteId}:services`,
  reviews: (siteId: number) => `site:${siteId}:reviews`,
  componentConfs: (siteId: number) => `site:${siteId}:component-confs`,
  /** Products, declinations, stock, awards, meal icons: the list and product pages. */
  catalogue: (siteId: number) => `site:${siteId}:catalogue`,
};
