/**
 * The storefront's server: Next's request handler behind a plain node:http server, in the same
 * process (no extra network hop). Before Next sees a request it
 * - writes the forwarding headers itself (lib/client-address.ts): Next keeps whatever
 *   X-Forwarded-For a visitor sent, and the API's per-address limits rely on it;
 * - serves each page from its site's route: `/x` on a site's host is handled as `/{siteId}/x`
 *   (lib/site-routing.ts), with the site's Content-Security-Policy and HSTS (decision 0015);
 *   `/admin/x` likewise as `/admin/{siteId}/x`, the back office, never cached (decision 0056).
 *   Done here rather than in Next's middleware, which cost about 1.4 ms of CPU per page request
 *   (decision 0033); proxy.ts now only forwards `/api/*` to the API;
 * - sends the build's scripts and stylesheets in Brotli to browsers that accept it
 *   (lib/precompressed-assets.ts, decision 0078); Next sends them gzip-compressed;
 * - answers a page from a one-second copy of what Next last served for it from its full-route
 *   cache, when there is one (lib/page-response-cache.ts, decision 0034), dropped on every
 *   instance when content is revalidated on any (lib/revalidation-fanout.ts, decision 0071).
 *
 * `npm run dev -w @comptoir/web` runs this same server with `--dev` (Next's dev server), so that
 * pages are found in development too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminAccessOf, replaceSuccessStatus, sessionTokenOf } from './lib/admin-access';
import { compileTrustProxy, setForwardingHeaders } from './lib/client-address';
import { apiUrl, buildDirName, fallbackSiteId } from './lib/env';
import { omitRevalidationHeaders } from './lib/immutable-assets';
import { createPageResponseCache, pageCacheKey } from './lib/page-response-cache';
import { createPrecompressedAssets } from './lib/precompressed-assets';
import { listPublicFiles } from './lib/public-files';
import { listenForRevalidations } from './lib/revalidation-fanout';
import { BASE_CONTENT_SECURITY_POLICY, HSTS, SECURITY_HEADERS } from './lib/security-headers';
import { createSiteCspSource } from './lib/site-csp-source';
import { createSiteResolver } from './lib/site-resolver';
import {
  fetchWithRequestId,
  REQUEST_ID_HEADER,
  requestIdOf,
  withRequestId,
} from './lib/request-id';
import { createStorefrontMetrics, metricsSettingsOf } from './lib/storefront-metrics';
import { startStorefrontTracing } from './lib/storefront-tracing';
import { ADMIN_CONTENT_SECURITY_POLICY } from './lib/content-security-policy';
import {
  ADMIN_PREFIX,
  adminPath,
  appPagePath,
  publicLocation,
  routeRequest,
  sitePath,
  type RequestRoute,
} from './lib/site-routing';

/** Metrics (decision 0118): only when METRICS_TOKEN or METRICS_PORT lets someone read them. */
const metricsSettings = metricsSettingsOf(process.env);
const metrics = metricsSettings ? createStorefrontMetrics(metricsSettings) : null;
/** Traces (decision 0118), started before Next loads; unset, nothing is loaded or sent. */
const otlpEndpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
if (otlpEndpoint && !/^https?:\/\/[^/\s]+/i.test(otlpEndpoint)) {
  throw new Error(
    `OTEL_EXPORTER_OTLP_ENDPOINT must be the collector's http(s) address (for example http://127.0.0.1:4318), not "${otlpEndpoint}"`,
  );
}
const tracing = otlpEndpoint
  ? await startStorefrontTracing({
      endpoint: otlpEndpoint,
      serviceName: process.env.OTEL_SERVICE_NAME?.trim() || 'comptoir-storefront',
    })
  : null;

const dev = process.argv.includes('--dev');
// Set before Next loads: `next start` and `next dev` do the same.
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
const { default: next } = await import('next');

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const trust = compileTrustProxy(process.env.WEB_TRUST_PROXY);
const resolveSite = createSiteResolver({
  apiUrl: apiUrl(),
  fallbackSiteId: fallbackSiteId(),
  fetch: fetchWithRequestId,
  ...(metrics ? { onLookup: (hit: boolean) => metrics.observeCache('site-resolution', hit) } : {}),
});
const sitePolicy = createSiteCspSource({ apiUrl: apiUrl(), fetch: fetchWithRequestId });

const app = next({ dev, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();
// Listed once Next has loaded next.config, which copies the cookie banner's files into public/.
const routing = { publicFiles: listPublicFiles(path.join(dir, 'public')), dev };

/** Copies of the pages Next served from its cache, for one second (decision 0034); not in dev. */
const pageCache = dev ? null : createPageResponseCache();
/** The build's scripts and stylesheets in Brotli, written by the build (decision 0078); not in dev. */
const precompressed = dev ? null : createPrecompressedAssets(path.join(dir, buildDirName()));
const REVALIDATION_HOOK = '/_comptoir/revalidate';

/** Read by the back office's layout (modules/admin/frame/admin-session.server.ts). */
const ADMIN_PUBLIC_PATH_HEADER = 'x-comptoir-admin-path';

/** Next's client router reads where a rewritten RSC request was served from (as after a rewrite). */
const REWRITTEN_PATH_HEADER = 'x-nextjs-rewritten-path';

function answerItself(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
) {
  for (const { key, value } of SECURITY_HEADERS) response.setHeader(key, value);
  response.setHeader('Content-Security-Policy', BASE_CONTENT_SECURITY_POLICY);
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  response.end(body);
}

/**
 * Next builds some redirects from the URL it was given (the RSC cache-busting redirect of a
 * request without its `_rsc` hash): on a rewritten request that URL names the site's route
 * (`/91/x`). Such a Location is given back as the visitor's path (`/x`), as a reverse proxy does.
 */
function keepLocationsPublic(response: ServerResponse, siteId: number, area: 'site' | 'admin') {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    setHeader(
      name,
      name.toLowerCase() === 'location' && typeof value === 'string'
        ? publicLocation(value, siteId, area)
        : value,
    );
}

/** Whether the request carries the API's session cookie (`token`, httpOnly). */
function hasSessionCookie(request: IncomingMessage): boolean {
  return /(?:^|;\s*)token=[^;\s]/.test(request.headers.cookie ?? '');
}

/**
 * The back office (decision 0056): never stored by a browser or a proxy, never indexed, never
 * copied by the page cache, and without the site's own scripts in its policy.
 */
function prepareAdmin(response: ServerResponse) {
  response.setHeader('Content-Security-Policy', ADMIN_CONTENT_SECURITY_POLICY);
  response.setHeader('X-Robots-Tag', 'noindex, nofollow');
  // Next writes its own Cache-Control on dynamic pages: keep no-store whatever it writes.
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    name.toLowerCase() === 'cache-control'
      ? setHeader(name, 'private, no-store, max-age=0')
      : setHeader(name, value);
  response.setHeader('Cache-Control', 'private, no-store, max-age=0');
}

/**
 * A member of the site who is not one of its administrators gets the back office's 403 page (its
 * layout shows it) with an HTTP 403 (decision 0080): Next sends a back-office page's status before
 * the layout has run, so the server asks the API who the session is first, as the layout does.
 * Page loads only: a client navigation's flight answer keeps Next's status.
 */
async function answerNonAdministratorsWith403(
  request: IncomingMessage,
  response: ServerResponse,
  siteId: number,
) {
  const token = sessionTokenOf(request.headers.cookie);
  if (token === null || request.headers.rsc === '1') return;
  if (
    (await adminAccessOf({ apiUrl: apiUrl(), siteId, token, fetch: fetchWithRequestId })) ===
    'forbidden'
  ) {
    replaceSuccessStatus(response, 403);
  }
}

/**
 * Routes one request (see lib/site-routing.ts). Returns false when it was answered here; otherwise
 * the request (its URL rewritten for a page) and the response's headers are ready for Next.
 */
async function prepare(
  request: IncomingMessage,
  response: ServerResponse,
  route: RequestRoute,
): Promise<boolean> {
  if (route.kind === 'redirect') {
    // As Next answers them: 308, with a Refresh for clients that do not follow Location.
    answerItself(response, 308, route.location, {
      location: route.location,
      refresh: `0;url=${route.location}`,
    });
    return false;
  }
  if (route.kind !== 'page' && route.kind !== 'admin') {
    // Not on the build's scripts and stylesheets: a policy governs documents, and its bytes rode
    // on each of a page's dozen chunk responses (decision 0035).
    if (!request.url?.startsWith('/_next/static/')) {
      response.setHeader('Content-Security-Policy', BASE_CONTENT_SECURITY_POLICY);
    } else if (!dev) {
      if (precompressed?.serve(request, response)) return false;
      // Named by their content and immutable: nor revalidated, nor fetched by ranges.
      omitRevalidationHeaders(response);
    }
    if (pageCache && request.method === 'POST' && route.kind === 'as-is') {
      // Content was written: Next expires the pages' tags, and no copy may outlive them.
      response.on('finish', () => {
        if (request.url?.split('?')[0] === REVALIDATION_HOOK && response.statusCode === 200) {
          pageCache.clear();
        }
      });
    }
    return true;
  }
  // The Host header only: X-Forwarded-Host is client-controlled unless a trusted proxy sets it.
  const siteId = await resolveSite(request.headers.host ?? '');
  const policy = await sitePolicy(siteId);
  if (policy === null) {
    // No site has this id (SITE_ID naming a removed site): nothing to render.
    answerItself(response, 404, 'Aucun site à cette adresse.', {});
    return false;
  }
  const area = route.kind === 'admin' ? 'admin' : 'site';
  metrics?.observeSite(siteId);
  const pathname =
    area === 'admin'
      ? adminPath(siteId, route.pathname)
      : sitePath(siteId, appPagePath(route.pathname, route.search));
  request.url = `${pathname}${route.search}`;
  const copyKey =
    area === 'site' && pageCache
      ? pageCacheKey(request.method, request.url, request.headers)
      : null;
  if (copyKey !== null && pageCache) {
    const served = pageCache.serve(copyKey, request.headers, response);
    metrics?.observeCache('page-copy', served);
    if (served) return false;
  }
  if (area === 'admin') {
    const publicPath = `${ADMIN_PREFIX}${route.pathname === '/' ? '' : route.pathname}${route.search}`;
    if (!hasSessionCookie(request)) {
      // Nobody logged in: a real redirect to the login page, which comes back here. (The layout
      // sends an expired session there too, from within its streamed answer.)
      const location = `/auth?next=${encodeURIComponent(publicPath)}`;
      answerItself(response, 307, location, {
        location,
        'cache-control': 'private, no-store, max-age=0',
      });
      return false;
    }
    prepareAdmin(response);
    await answerNonAdministratorsWith403(request, response, siteId);
    // The path the browser shows, for the login page to come back to (never the visitor's value).
    request.headers[ADMIN_PUBLIC_PATH_HEADER] = publicPath;
  } else response.setHeader('Content-Security-Policy', policy);
  // Written by setForwardingHeaders from the connection (or a trusted balancer): a visitor
  // cannot set it.
  if (request.headers['x-forwarded-proto'] === 'https') {
    response.setHeader('Strict-Transport-Security', HSTS);
  }
  // Without the `.rsc` suffix of a flight request, as Next's middleware reported it.
  if (request.headers.rsc === '1') {
    response.setHeader(REWRITTEN_PATH_HEADER, pathname.replace(/\.rsc$/, ''));
  }
  keepLocationsPublic(response, siteId, area);
  if (copyKey !== null) pageCache?.capture(copyKey, response);
  return true;
}

const server = createServer((request, response) => {
  if (metrics?.answersOnSitePort(request)) {
    metrics.answer(request, response);
    return;
  }
  const route = routeRequest(request.url ?? '/', routing);
  // Carried to the API by its calls while rendering, and by Next's /api/* rewrite (decision 0118).
  const requestId = requestIdOf(request.headers);
  request.headers[REQUEST_ID_HEADER] = requestId;
  if (metrics) {
    const started = performance.now();
    const method = request.method ?? 'GET';
    response.once('close', () =>
      metrics.observeRequest(
        method,
        route.kind,
        response.statusCode,
        (performance.now() - started) / 1000,
      ),
    );
  }
  const serve = () =>
    withRequestId(requestId, () => {
      setForwardingHeaders(request, trust);
      prepare(request, response, route)
        .then((forNext) => (forNext ? handle(request, response) : undefined))
        .catch((error: unknown) => {
          console.error('[storefront] request failed', error);
          if (!response.headersSent) response.statusCode = 500;
          response.end();
        });
    });
  if (tracing) tracing.traceRequest(request, response, { kind: route.kind, requestId }, serve);
  else serve();
});

server.listen(port, () => {
  console.log(`[storefront] ready on http://localhost:${port}${dev ? ' (development)' : ''}`);
});
const metricsServer = await metrics?.listenOnMetricsPort();

// Several instances share their caches in Redis (decision 0071): a revalidation on any of them
// drops this one's page copies too, once the shared manifest has it.
const redisUrl = process.env.REDIS_URL;
// Not awaited: a Redis down at start must not keep the handlers below (SIGTERM) from being set.
const listening =
  redisUrl && pageCache
    ? listenForRevalidations({
        redisUrl,
        onRevalidated: () => pageCache.clear(),
        onError: (error) => console.error('[storefront] revalidation listener failed', error),
      })
    : null;

/** Stops taking connections, lets the requests in flight finish, then exits. */
function stop() {
  void listening?.then((stopListening) => stopListening());
  metricsServer?.close();
  // The spans of the last requests, before the process ends.
  server.close(() => {
    void (tracing?.shutdown() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  // Keep-alive connections a browser holds open must not keep the process alive forever.
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
