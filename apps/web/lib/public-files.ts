import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every file of public/ as a URL path (`/vendor/tarteaucitron/tarteaucitron.js`). The storefront's
 * server lists them once it has started Next (next.config copies the cookie banner's files into
 * public/vendor when it loads), as Next lists public/ once at start; it serves exactly these as
 * files, and every other path, dotted or not, is a site's page (lib/site-routing.ts).
 */
export function listPublicFiles(publicDir: string): ReadonlySet<string> {
  let entries;
  try {
    entries = readdirSync(publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return new Set();
  }
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
      ),
  );
}

/**
 * Routes of the storefront itself, outside any site: the revalidation the API calls, and the
 * robots.txt, sitemap.xml and favicon.ico of the request's host (they resolve the site
 * themselves).
 */
export const STOREFRONT_HOOKS: ReadonlySet<string> = new Set([
  '/_comptoir/revalidate',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.ico',
]);
