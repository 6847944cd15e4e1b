/**
 * The files of public/, as URL paths (`/vendor/tarteaucitron/tarteaucitron.js`), listed by
 * next.config.ts when the storefront is built (Next serves public/ as it was at build time too).
 * server.ts serves exactly these as files (lib/site-routing.ts); every other path, dotted or not, is a site's page.
 */
const publicFiles = new Set(
  (process.env.COMPTOIR_PUBLIC_FILES ?? '').split('\n').filter((file) => file !== ''),
);

export function isPublicFile(pathname: string): boolean {
  return publicFiles.has(pathname);
}

/**
 * Routes of the storefront itself, outside any site: the revalidation the API calls, and the
 * robots.txt and sitemap.xml of the request's host (they resolve the site themselves).
 */
export const STOREFRONT_HOOKS: ReadonlySet<string> = new Set([
  '/_comptoir/revalidate',
  '/robots.txt',
  '/sitemap.xml',
]);
