import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fresh from 'fresh';
import type { SiteCache } from '../lib/site-cache';
import { siteIdOf } from '../plugins/site';
import { requestIdOf } from '../lib/log-safety';

/*
 * Kept answers, sent before routing. A cached read (registerCachedEndpoint) answers from bytes
 * serialized once per site and content version; what is left of its cost is the framework's
 * work around them (routing, hooks, validation, the reply), which made the busiest reads of the
 * storefront (`/parameter`, `/site/info`, a page) slower than a bare Fastify route that
 * serializes its JSON on every request (issue 7, decision 0074).
 *
 * Once Fastify has answered a GET at an address (path and query, exactly as requested) from a
 * kept body, the site cache notes which body that address names (SiteCache.rememberAddress).
 * The next GET at that address, for that site, is answered here from the same bytes with the
 * same headers (or 304 when If-None-Match names them), without entering Fastify. Everything else
 * — another method, a site or an address never answered, a body dropped by an admin write —
 * goes through Fastify as before, and puts the note back when the body is rebuilt.
 *
 * Nothing the skipped hooks do changes these answers: the site is the kept one, the address was
 * validated when it was noted, a cached read depends neither on the visitor, the session nor
 * the language, and it sets no cookie. kept-answers.test.ts compares both paths header by header.
 */

/** A request answered from a kept body, for the metrics (observability/metrics.ts). */
export interface KeptAnswerSent {
  siteId: number;
  /** The route template that kept the body. */
  route: string;
  status: number;
}

/** Answers `request` from a kept body when it can; false when Fastify must answer it. */
export function answerFromKeptBody(
  siteCache: SiteCache,
  request: IncomingMessage,
  response: ServerResponse,
  onSent?: (answer: KeptAnswerSent) => void,
): boolean {
  if (request.method !== 'GET' || request.url === undefined) return false;
  const siteId = siteIdOf(request.headers);
  if (siteId === null || siteCache.peek(siteId, 'site') === undefined) return false;
  const keptAnswer = siteCache.keptAnswerAt(siteId, request.url);
  if (!keptAnswer) return false;
  const kept = keptAnswer.body;
  const status = fresh(request.headers, { etag: kept.etag }) ? 304 : 200;

  const requestId = requestIdOf(request.headers);
  if (status === 304) {
    response.writeHead(304, { 'x-request-id': requestId, etag: kept.etag });
    response.end();
    onSent?.({ siteId, route: keptAnswer.route, status });
    return true;
  }
  response.writeHead(200, {
    'x-request-id': requestId,
    etag: kept.etag,
    'content-type': 'application/json; charset=utf-8',
    'content-length': kept.body.length,
  });
  response.end(kept.body);
  onSent?.({ siteId, route: keptAnswer.route, status });
  return true;
}

/** What Fastify resolved of its options that the HTTP server it makes itself is given. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** Told of each kept answer with its duration in seconds (the metrics, when they are on). */
export type KeptAnswerObserver = (answer: KeptAnswerSent & { seconds: number }) => void;

/**
 * Fastify's serverFactory: the HTTP server Fastify would make (fastify/lib/server.js), whose
 * requests are first offered to the kept answers of `keptBodies()` (null: none, every request
 * goes to Fastify), each one sent told to `observer()` when there is one.
 */
export function createKeptAnswersServer(
  fastifyHandler: (request: IncomingMessage, response: ServerResponse) => void,
  options: ServerOptions,
  keptBodies: () => SiteCache | null,
  observer: () => KeptAnswerObserver | null = () => null,
): http.Server {
  const server = http.createServer(options.http ?? {}, (request, response) => {
    const siteCache = keptBodies();
    if (siteCache) {
      const observe = observer();
      const started = observe ? performance.now() : 0;
      const onSent = observe
        ? (answer: KeptAnswerSent) =>
            observe({ ...answer, seconds: (performance.now() - started) / 1000 })
        : undefined;
      if (answerFromKeptBody(siteCache, request, response, onSent)) return;
    }
    fastifyHandler(request, response);
  });
  server.keepAliveTimeout = options.keepAliveTimeout;
  server.requestTimeout = options.requestTimeout;
  server.setTimeout(options.connectionTimeout);
  if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  return server;
}
