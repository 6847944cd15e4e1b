import { NextResponse, type NextRequest } from 'next/server';
import { apiUrl, fallbackSiteId } from './lib/env';
import { createSiteResolver } from './lib/site-resolver';

const resolveSite = createSiteResolver({ apiUrl: apiUrl(), fallbackSiteId: fallbackSiteId() });

const API_PREFIX = '/api';

/**
 * Two rewrites, decided per request:
 * - `/api/*` goes to the API on the storefront's own origin, so the httpOnly `token` cookie the
 *   API sets stays first-party and is never readable by page scripts. This is done here rather
 *   than in next.config `rewrites`, which are frozen into the build: API_URL must be read when
 *   the server starts.
 * - any other path `/x` is served from the route `/{siteId}/x`, the site being the one whose URL
 *   has the request's host. Pages are then cached per site and never read request headers;
 *   visitors never see the numeric segment.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
    const target = new URL(`${apiUrl()}${pathname.slice(API_PREFIX.length) || '/'}${search}`);
    return NextResponse.rewrite(target);
  }

  // The Host header only: X-Forwarded-Host is client-controlled unless a trusted proxy sets it.
  const siteId = await resolveSite(request.headers.get('host') ?? '');
  const url = request.nextUrl.clone();
  url.pathname = `/${siteId}${pathname === '/' ? '' : pathname}`;
  return NextResponse.rewrite(url);
}

export const config = {
  // The API, and every page path: not Next's own files, the storefront's own hooks (_comptoir/,
  // such as the revalidation the API calls) nor files with an extension (public/).
  matcher: ['/api/:path*', '/((?!_next/|_comptoir/|api/|.*\\.[^/]+$).*)'],
};
