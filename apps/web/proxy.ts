import { NextResponse, type NextRequest } from 'next/server';
import { apiUrl, fallbackSiteId } from './lib/env';
import { isPublicFile, STOREFRONT_HOOKS } from './lib/public-files';
import { createSiteCspSource } from './lib/site-csp-source';
import { createSiteResolver } from './lib/site-resolver';

const resolveSite = createSiteResolver({ apiUrl: apiUrl(), fallbackSiteId: fallbackSiteId() });
const sitePolicy = createSiteCspSource({ apiUrl: apiUrl() });

const API_PREFIX = '/api';
const HSTS = 'max-age=31536000';

/**
 * Three cases, decided per request:
 * - `/api/*` goes to the API on the storefront's own origin, so the httpOnly `token` cookie the
 *   API sets stays first-party and is never readable by page scripts. This is done here rather
 *   than in next.config `rewrites`, which are frozen into the build: API_URL must be read when
 *   the server starts.
 * - a file of public/ (the banner's scripts, the sites' logos, sample images) and the storefront's
 *   own hooks (_comptoir/revalidate) are served as they are.
 * - any other path `/x` — with or without a dot, encoded or not — is served from the route
 *   `/{siteId}/x`, the site being the one whose URL has the request's host. Pages are then cached
 *   per site and never read request headers. The `[site]` segment is only ever written here: a
 *   visitor's `/92/x` on site 91's host becomes `/91/92/x`, a page site 91 does not have, so one
 *   site's pages (and its custom code) can never be shown on another site's host.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
    const target = new URL(`${apiUrl()}${pathname.slice(API_PREFIX.length) || '/'}${search}`);
    return NextResponse.rewrite(target);
  }
  if (isPublicFile(pathname) || STOREFRONT_HOOKS.has(pathname)) return NextResponse.next();

  // The Host header only: X-Forwarded-Host is client-controlled unless a trusted proxy sets it.
  const siteId = await resolveSite(request.headers.get('host') ?? '');
  const policy = await sitePolicy(siteId);
  if (policy === null) {
    // No site has this id (SITE_ID naming a removed site): nothing to render.
    return new NextResponse('Aucun site à cette adresse.', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${siteId}${pathname === '/' ? '' : pathname}`;
  const response = NextResponse.rewrite(url);
  response.headers.set('Content-Security-Policy', policy);
  // The storefront's server (server.ts) writes X-Forwarded-Proto itself: a visitor cannot set it.
  if (request.headers.get('x-forwarded-proto') === 'https') {
    response.headers.set('Strict-Transport-Security', HSTS);
  }
  return response;
}

export const config = {
  // Every path but Next's own build files: pages, and anything naming a `[site]` segment in any
  // shape (with a dot, encoded, `_build`), which must go through the host's rewrite above.
  matcher: ['/', '/((?!_next/static/|_next/image).*)'],
};
