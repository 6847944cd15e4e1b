import { hash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import { z } from 'zod';
import type { Endpoint } from '@comptoir/contract/endpoint';
import { errorEnvelopeSchema, successEnvelope } from '@comptoir/contract/envelope';
import { DEFAULT_LANG } from '@comptoir/contract/headers';
import type { CachedBody, SiteCacheKey } from '../lib/site-cache';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointContext<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

// Documents the tenant headers in OpenAPI. The site plugin has checked them before validation
// runs; the object stays loose so that the other headers (cookie, authorization) are kept.
const siteHeadersSchema = z.looseObject({
  siteid: z.string().describe("The site's id, a positive integer (for example 91)"),
  userlang: z.string().optional().describe(`The visitor's locale (default ${DEFAULT_LANG})`),
});

type EndpointHandler<P, Q, B, R extends z.ZodType> = (
  context: EndpointContext<P, Q, B>,
) => Promise<z.output<R>> | z.output<R>;

/**
 * zod checks each endpoint's params, query and body. The tenant headers' schema only documents
 * them in OpenAPI: the site plugin has checked them before validation runs, so that schema is not
 * run again over every header of every request.
 */
export const endpointValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (routeSchema) =>
  routeSchema.schema === siteHeadersSchema ? () => true : validatorCompiler(routeSchema);

/**
 * Registers a route from its contract definition: the contract's zod schemas validate the request
 * and serialize the response, feed OpenAPI, and the handler's return value is wrapped in the
 * `{ success: true, data, message: null }` envelope. Every module registers its routes with this.
 */
export function registerEndpoint<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R>,
  handler: EndpointHandler<P, Q, B, R>,
): void {
  routeEndpoint(app, endpoint, async (request, reply) => ({
    success: true,
    data: await handler(contextOf<P, Q, B>(request, reply)),
    message: null,
  }));
}

/** Which cached body of the site a read answers with (see registerCachedEndpoint). */
export interface SiteBodyCache<P, Q> {
  /** The site-cache data the response is built from: a write that drops it drops the body. */
  key: SiteCacheKey;
  /**
   * Which of the site's bodies this request reads ('' when there is only one, a page id…), or
   * null for a request answered afresh (a filtered list).
   */
  variant: (request: { params: Parsed<P>; query: Parsed<Q> }) => string | null;
}

/**
 * A site-wide read whose response depends only on the site, the path and the query (never on the
 * visitor, the session or the language): it is serialized once per site and content version, kept
 * in the site cache beside the data it comes from, and served as those bytes with a strong ETag;
 * a request whose If-None-Match names it gets 304 without a body.
 */
export function registerCachedEndpoint<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  endpoint: Endpoint<P, Q, B, R>,
  cache: SiteBodyCache<P, Q>,
  handler: EndpointHandler<P, Q, B, R>,
): void {
  routeEndpoint(app, endpoint, (request, reply) => {
    const context = contextOf<P, Q, B>(request, reply);
    const variant = cache.variant(context);
    if (variant === null) {
      return answerAfresh(handler, context);
    }
    const siteId = request.site.id;
    const answer = (cached: CachedBody): void => {
      sendCachedBody(request, reply, cached);
      // The next GET at this address is answered before routing (http/kept-answers.ts).
      if (request.method === 'GET') {
        app.siteCache.rememberAddress(
          siteId,
          request.url,
          cache.key,
          variant,
          request.routeOptions.url ?? '',
        );
      }
    };
    // A kept body is sent at once, without a promise: the common case of every cached read.
    const kept = app.siteCache.peekBody(siteId, cache.key, variant);
    if (kept) {
      answer(kept);
      return undefined;
    }
    return app.siteCache
      .getBody(siteId, cache.key, variant, async (): Promise<CachedBody> => {
        // The route's own serializer: the same bytes as an uncached answer, checked once.
        const text = reply.serialize({
          success: true,
          data: await handler(context),
          message: null,
        });
        if (typeof text !== 'string')
          throw new TypeError('The JSON serializer gave bytes, not text');
        const body = Buffer.from(text);
        return { body, etag: `"${hash('sha256', body, 'base64url')}"` };
      })
      .then(answer);
  });
}

async function answerAfresh<P, Q, B, R extends z.ZodType>(
  handler: EndpointHandler<P, Q, B, R>,
  context: EndpointContext<P, Q, B>,
) {
  return { success: true, data: await handler(context), message: null };
}

/** The kept bytes with their ETag, or 304 without a body when If-None-Match names them. */
function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedBody): void {
  reply.header('etag', cached.etag);
  if (fresh(request.headers, { etag: cached.etag })) {
    reply.code(304).send();
    return;
  }
  // Bytes are sent as they are, without going through the serializer again.
  reply.type('application/json; charset=utf-8').send(cached.body);
}

function contextOf<P, Q, B>(
  request: FastifyRequest,
  reply: FastifyReply,
): EndpointContext<P, Q, B> {
  return {
    params: request.params as Parsed<P>,
    query: request.query as Parsed<Q>,
    body: request.body as Parsed<B>,
    request,
    reply,
  };
}

function routeEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: RouteHandlerMethod,
): void {
  const withoutSite = endpoint.withoutSite === true;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { withoutSite },
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(withoutSite ? {} : { headers: siteHeadersSchema }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        200: successEnvelope(endpoint.response),
        '4xx': errorEnvelopeSchema,
        '5xx': errorEnvelopeSchema,
      },
    },
    handler,
  });
}
