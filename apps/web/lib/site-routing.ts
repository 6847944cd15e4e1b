import { catalogueQueryString, parseCatalogueQuery } from '../modules/catalogue/catalogue-filter';
import { CATALOGUE_PATH, CATALOGUE_VIEW_SEGMENT } from '../modules/catalogue/catalogue-paths';
import { E_LABEL_PREFIX } from '@comptoir/contract/product';
import { STOREFRONT_HOOKS } from './public-files';

/** What the storefront's server does with a request before Next sees it (server.ts). */
export type RequestRoute =
  /**
   * Next's own URL clean-ups, answered before the site rewrite, as Next answers them before any
   * rewrite: repeated slashes or backslashes, then a trailing slash. Done after the rewrite, the
   * `Location` would name the `[site]` segment (`/91/x`).
   */
  | { kind: 'redirect'; location: string }
  /** `/api/*`: forwarded to the API by proxy.ts (Next's middleware runs only on these). */
  | { kind: 'api' }
  /** Next's build files, the exact files of public/ and the storefront's hooks: served as they are. */
  | { kind: 'as-is' }
  /**
   * `/admin` and `/admin/*`: the host site's back office, served from
   * `/admin/{siteId}{pathname}{search}` (decision 0056); `pathname` is what follows `/admin`.
   */
  | { kind: 'admin'; pathname: string; search: string }
  /** Everything else is a page of the host's site: served from `/{siteId}{pathname}{search}`. */
  | { kind: 'page'; pathname: string; search: string };

const API_PREFIX = '/api';
/** The back office's public prefix; no CMS page can live there. */
export const ADMIN_PREFIX = '/admin';

/** The request target as Next parses it (WHATWG URL: `..` and `%2e%2e` segments resolved). */
function parseTarget(url: string): { pathname: string; search: string } {
  try {
    const parsed = url.startsWith('/') ? new URL(`http://n${url}`) : new URL(url, 'http://n');
    return { pathname: parsed.pathname, search: parsed.search };
  } catch {
    // Not a URL at all: a page path that no site has (its 404).
    return { pathname: '/', search: '' };
  }
}

/**
 * Decides a request's route from its target (`request.url`, raw). The `[site]` segment of the
 * App Router is only ever written by the storefront's server, from the request's host: a visitor's
 * `/92/x` on site 91's host becomes `/91/92/x`, a page site 91 does not have, so one site's pages
 * (and its custom code) can never be shown on another site's host. Decisions are taken on the
 * path Next will route on (normalized), never on the raw one, so that a dot segment cannot take
 * a page path out of the rewrite (`/_next/static/../92/x`).
 */
export interface RoutingOptions {
  /** The files of public/ (lib/public-files.ts). */
  publicFiles: ReadonlySet<string>;
  /** Next's development server runs behind this server (`npm run dev`). */
  dev?: boolean;
}

export function routeRequest(url: string, options: RoutingOptions): RequestRoute {
  const [rawPath = '', ...rest] = url.split('?');
  // Next answers 308 with the cleaned target for `//` or `\` anywhere in the path.
  if (/\\|\/\//.test(rawPath)) {
    const cleaned = rawPath.replace(/\\/g, '/').replace(/\/\/+/g, '/');
    return {
      kind: 'redirect',
      location: rest.length > 0 ? `${cleaned}?${rest.join('?')}` : cleaned,
    };
  }
  const { pathname, search } = parseTarget(url);
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) return { kind: 'api' };
  if (
    pathname.startsWith('/_next/static/') ||
    pathname.startsWith('/_next/image') ||
    options.publicFiles.has(pathname) ||
    // Next's development server has its own endpoints (`/_next/webpack-hmr`, `/__nextjs_*`).
    (options.dev === true &&
      (pathname.startsWith('/_next/') || pathname.startsWith('/__nextjs'))) ||
    STOREFRONT_HOOKS.has(pathname)
  ) {
    return { kind: 'as-is' };
  }
  // Next's trailing-slash redirect (`/:path+/` → `/:path+`, trailingSlash off).
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return { kind: 'redirect', location: `${pathname.slice(0, -1)}${search}` };
  }
  if (pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    // A path naming the tree itself (`/admin/92/x`) stays in the host site's back office:
    // `/admin/91/92/x`, a page site 91's back office does not have.
    return { kind: 'admin', pathname: pathname.slice(ADMIN_PREFIX.length) || '/', search };
  }
  return { kind: 'page', pathname, search };
}

/**
 * The App Router path a page request of a site is served from. A vintage's e-label
 * (`/e-label/<id>`, decision 0109) has a root layout of its own, outside the site's pages:
 * `/e-label/{siteId}/<id>`.
 */
export function sitePath(siteId: number, pathname: string): string {
  if (pathname.startsWith(`${E_LABEL_PREFIX}/`)) {
    return `${E_LABEL_PREFIX}/${siteId}${pathname.slice(E_LABEL_PREFIX.length)}`;
  }
  return `/${siteId}${pathname === '/' ? '' : pathname}`;
}

/**
 * The path inside the app a page is rendered from, before the site segment: the visitor's path,
 * except for the catalogue list with filters, a sort or a page in its query string, which is
 * rendered from `/nos-vins/vue/<canonical query>` so that its server HTML already holds the
 * matching products only (decision 0100). A query that changes nothing (unknown keys, the default
 * sort, page 1) keeps the plain list; the visitor's query string is passed on unchanged.
 */
export function appPagePath(pathname: string, search: string): string {
  if (pathname !== CATALOGUE_PATH || search === '') return pathname;
  const canonical = catalogueQueryString(parseCatalogueQuery(search));
  if (canonical === '') return pathname;
  return `${CATALOGUE_PATH}/${CATALOGUE_VIEW_SEGMENT}/${encodeURIComponent(canonical.slice(1))}`;
}

/** The App Router path a back-office request of a site is served from (`pathname` after /admin). */
export function adminPath(siteId: number, pathname: string): string {
  return `${ADMIN_PREFIX}/${siteId}${pathname === '/' ? '' : pathname}`;
}

/**
 * A Location Next built from a rewritten request's URL (`/91/x`, `/91?_rsc=…`), written as the
 * visitor's path (`/x`, `/?_rsc=…`). The site's route is only ever stripped once: `/91/91/x` (the
 * visitor's `/91/x`) gives `/91/x` back. For the back office (`area` 'admin'), `/admin/91/x`
 * gives `/admin/x`.
 */
export function publicLocation(
  location: string,
  siteId: number,
  area: 'site' | 'admin' = 'site',
): string {
  const base = area === 'admin' ? ADMIN_PREFIX : '';
  const prefix = `${base}/${siteId}`;
  if (!location.startsWith(prefix)) return location;
  const rest = location.slice(prefix.length);
  if (rest === '') return base || '/';
  if (rest.startsWith('/')) return `${base}${rest}`;
  if (rest.startsWith('?') || rest.startsWith('#')) return `${base || '/'}${rest}`;
  // `/910/x` is not under `/91`.
  return location;
}
