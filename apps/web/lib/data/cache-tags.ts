/**
 * Cache tags of a site's public data.
 *
 * Every read in `lib/data` is a `'use cache'` scope keyed by the site id and tagged with one of
 * these, so a site's pages render once and are then served from Next's cache;
 * `revalidateTag(siteCacheTags.pages(91), 'max')` refreshes only the pages of site 91 that used
 * its page tree.
 *
 * How long an entry lives (decision 0030): a site's pages re-render only when their data changes,
 * not on a timer, since a background re-render of the home page costs seconds under load.
 * - SITE_CONTENT_LIFE ('days': fresh for a day, then served stale while one background render
 *   refreshes it) for data that changes only when someone writes it. The API's admin writes
 *   (page blocks, parameters, element lists) post the tags they touch to the storefront's
 *   revalidation hook, so those changes show on the next visit (decision 0008); a future write
 *   endpoint for another group must do the same. Data with no write endpoint yet (albums,
 *   services, popups, forms…) changes only with the seed or a hand edit of the database, and shows
 *   within a day or at the next start.
 * - TIMED_CONTENT_LIFE ('hours') for data whose visible content also changes with time alone:
 *   blog articles and news appear when their publication date passes (the API filters on
 *   `published_at <= now()`), and the Google reviews are fetched by the API when a read finds the
 *   last fetch a day old, so the storefront must keep reading them. Such a change shows within an
 *   hour; one background render per hour costs nothing measurable.
 * No visitor waits for the API once a page exists.
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
  /** The services that book online (decision 0125): the booking page, the service pages' button. */
  booking: (siteId: number) => `site:${siteId}:booking`,
  reviews: (siteId: number) => `site:${siteId}:reviews`,
  componentConfs: (siteId: number) => `site:${siteId}:component-confs`,
  /** Products, declinations, stock, awards, meal icons: the list and product pages. */
  catalogue: (siteId: number) => `site:${siteId}:catalogue`,
};

/** Life of data that changes only through a write that revalidates its tag (see above). */
export const SITE_CONTENT_LIFE = 'days';

/** Life of data whose content also changes with time alone: scheduled publications, reviews. */
export const TIMED_CONTENT_LIFE = 'hours';
