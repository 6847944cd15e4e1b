import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { HttpError } from '../http/http-error';
import type { ApiMetrics } from '../observability/metrics';
import { UNMATCHED_ROUTE } from '../observability/metrics';

/** Where Prometheus scrapes, on the API's port and on METRICS_PORT alike. */
export const METRICS_PATH = '/metrics';

export const METRICS_TOKEN_REQUIRED_MESSAGE = 'A valid metrics token is required';

export interface MetricsAccess {
  /** METRICS_TOKEN: GET /metrics on the API's port with `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** METRICS_PORT and METRICS_HOST: a listener of its own (the token is asked there too if set). */
  port?: number | undefined;
  host: string;
}

/** Whether metrics are collected at all: only when someone can read them (decision 0118). */
export function metricsEnabled(access: Pick<MetricsAccess, 'token' | 'port'>): boolean {
  return access.token !== undefined || access.port !== undefined;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compares in constant time (digests of equal length), so that the token leaks no prefix. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

async function scrape(registry: Registry): Promise<string> {
  return registry.metrics();
}

/**
 * The metrics of every request (route template, status, duration, site) and their endpoints:
 * GET /metrics on the API's port when a token is set, and METRICS_PORT's own listener, opened
 * when the app is ready and closed with it. Without token nor port, nothing is registered:
 * /metrics is the API's ordinary 404 and no request pays for a figure nobody reads.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: ApiMetrics,
  access: MetricsAccess,
): void {
  const { token } = access;
  app.addHook('onResponse', (request, reply, done) => {
    // The site is known in the modules' scope (plugins/site.ts); /metrics, /docs have none.
    const site = (request as { site?: { id: number } | null }).site;
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      siteId: site?.id ?? null,
    });
    done();
  });

  if (token !== undefined) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        throw new HttpError(401, METRICS_TOKEN_REQUIRED_MESSAGE);
      }
      const text = await scrape(metrics.registry);
      return reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  }

  const { port } = access;
  if (port !== undefined) {
    const server = http.createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== METRICS_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
        return;
      }
      if (token !== undefined && !bearerMatches(request.headers.authorization, token)) {
        response
          .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
          .end(METRICS_TOKEN_REQUIRED_MESSAGE);
        return;
      }
      scrape(metrics.registry).then(
        (text) => {
          response
            .writeHead(200, {
              'content-type': metrics.registry.contentType,
              'cache-control': 'no-store',
            })
            .end(text);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    app.addHook('onReady', () => {
      return new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, access.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    });
    app.addHook('onClose', () => {
      return new Promise<void>((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      });
    });
  }
}
