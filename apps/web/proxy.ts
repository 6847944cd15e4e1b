import { NextResponse, type NextRequest } from 'next/server';
import { apiUrl } from './lib/env';

const API_PREFIX = '/api';

/**
 * `/api/*` goes to the API on the storefront's own origin, so the httpOnly `token` cookie the API
 * sets stays first-party and is never readable by page scripts. This is done here rather than in
 * next.config `rewrites`, which are frozen into the build: API_URL must be read when the server
 * starts.
 *
 * Pages do not come here: the storefront's server (server.ts, lib/site-routing.ts) serves each
 * page from its site's route and sets its headers before Next sees the request, without the cost
 * of a middleware call per page (decision 0033).
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const target = new URL(`${apiUrl()}${pathname.slice(API_PREFIX.length) || '/'}${search}`);
  return NextResponse.rewrite(target);
}

export const config = {
  matcher: ['/api', '/api/:path*'],
};
