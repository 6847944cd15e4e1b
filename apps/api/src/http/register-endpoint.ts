import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '@comptoir/contract/endpoint';
import { errorEnvelopeSchema, successEnvelope } from '@comptoir/contract/envelope';
import { DEFAULT_LANG } from '@comptoir/contract/headers';

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
  handler: (context: EndpointContext<P, Q, B>) => Promise<z.output<R>> | z.output<R>,
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
    handler: async (request, reply) => {
      const data = await handler({
        params: request.params as Parsed<P>,
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        request,
        reply,
      });
      return { success: true, data, message: null };
    },
  });
}
