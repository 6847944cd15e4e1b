import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { TopSites } from '@comptoir/domain/top-sites';

/*
 * What an operator watches on the storefront (issue 31, decision 0118), in Prometheus' text
 * format: requests by kind of route and status with their duration, requests per site (the
 * busiest ones, the rest as `other`), and the hit rates of the caches in front of Next. Labels
 * are kinds, statuses, site ids and cache names: never a path, a host or anything a visitor chose.
 */

/** On the storefront's own port: beside the revalidation hook, out of every site's paths. */
export const STOREFRONT_METRICS_PATH = '/_comptoir/metrics';
/** On METRICS_PORT's listener. */
export const METRICS_PORT_PATH = '/metrics';
export const METRICS_TOKEN_MIN_LENGTH = 16;

export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The caches whose hits are counted. */
export type StorefrontCache = 'page-copy' | 'site-resolution';

export interface MetricsSettings {
  token?: string;
  port?: number;
  host: string;
  topSites: number;
}

/**
 * The storefront's metrics settings from its environment: off (null) unless METRICS_TOKEN or
 * METRICS_PORT is set; a malformed value stops the start with a sentence naming it.
 */
export function metricsSettingsOf(env: Record<string, string | undefined>): MetricsSettings | null {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  const portText = env.METRICS_PORT?.trim() || undefined;
  if (token === undefined && portText === undefined) return null;
  if (token !== undefined && token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`);
  }
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) {
    throw new Error('METRICS_PORT must be a port number (1-65535)');
  }
  const topText = env.METRICS_TOP_SITES?.trim() || '20';
  const topSites = Number(topText);
  if (!Number.isInteger(topSites) || topSites < 0 || topSites > 200) {
    throw new Error('METRICS_TOP_SITES must be a whole number (0-200)');
  }
  return {
    ...(token === undefined ? {} : { token }),
    ...(port === undefined ? {} : { port }),
    host: env.METRICS_HOST?.trim() || '127.0.0.1',
    topSites,
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export function createStorefrontMetrics(settings: MetricsSettings) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'comptoir_storefront_request_duration_seconds',
    help: 'Storefront requests by kind (page, admin, asset, api, other) and status: duration, and their count (_count)',
    labelNames: ['method', 'kind', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const topSites = new TopSites(settings.topSites);
  new Counter({
    name: 'comptoir_storefront_site_requests_total',
    help: `Storefront pages per site: the ${settings.topSites} busiest sites by id, the others summed under site="other"`,
    labelNames: ['site'] as const,
    registers,
    collect() {
      this.reset();
      for (const { site, count } of topSites.series()) this.inc({ site }, count);
    },
  });
  const lookups = new Counter({
    name: 'comptoir_storefront_cache_lookups_total',
    help: 'Lookups of the storefront caches: page-copy (the one-second page copies), site-resolution (host to site)',
    labelNames: ['cache', 'outcome'] as const,
    registers,
  });

  /** Answers a scrape: 401 without the token when one is set. */
  function answer(request: IncomingMessage, response: ServerResponse): void {
    if (
      settings.token !== undefined &&
      !bearerMatches(request.headers.authorization, settings.token)
    ) {
      response
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
        .end('A valid metrics token is required');
      return;
    }
    registry.metrics().then(
      (text) =>
        response
          .writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
          .end(text),
      (error: unknown) => {
        console.error('[storefront] metrics scrape failed', error);
        response.writeHead(500).end();
      },
    );
  }

  return {
    registry,
    /** One answered request: its kind of route, status, duration, and site when it is a page. */
    observeRequest(method: string, kind: string, status: number, seconds: number): void {
      duration.observe({ method, kind, status: String(status) }, seconds);
    },
    observeSite(siteId: number): void {
      topSites.record(siteId);
    },
    observeCache(cache: StorefrontCache, hit: boolean): void {
      lookups.inc({ cache, outcome: hit ? 'hit' : 'miss' });
    },
    /**
     * Whether the storefront's own port answers this request as a scrape: only when a token is
     * set (otherwise the path is any other, and the site's 404 answers it).
     */
    answersOnSitePort(request: IncomingMessage): boolean {
      return (
        settings.token !== undefined &&
        request.method === 'GET' &&
        (request.url ?? '').split('?')[0] === STOREFRONT_METRICS_PATH
      );
    },
    answer,
    /** METRICS_PORT's listener, when one is set: /metrics there, 404 for anything else. */
    listenOnMetricsPort(): Promise<Server | null> {
      const { port } = settings;
      if (port === undefined) return Promise.resolve(null);
      const server = createServer((request, response) => {
        if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== METRICS_PORT_PATH) {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
          return;
        }
        answer(request, response);
      });
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, settings.host, () => {
          server.off('error', reject);
          resolve(server);
        });
      });
    },
  };
}

export type StorefrontMetrics = ReturnType<typeof createStorefrontMetrics>;
