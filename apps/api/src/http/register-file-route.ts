import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { dispositionFilename } from './content-disposition';

/** A contract's description of a route that answers a file instead of an envelope. */
export interface FileRouteDescription<
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
> {
  method: 'GET';
  path: string;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface FileAnswer {
  /** A Readable is streamed as it is read (an export of any length in flat memory). */
  body: Buffer | string | Readable;
  contentType: string;
  filename: string;
}

/**
 * Registers a download (CSV, PDF, JSON export) from its contract description: params and query
 * validated by the contract's zod schemas, failures still error envelopes, and the file sent as
 * an attachment that no cache keeps (they are all personal or confidential).
 */
export function registerFileRoute<P extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  app: FastifyInstance,
  route: FileRouteDescription<P, Q>,
  handler: (context: {
    params: Parsed<P>;
    query: Parsed<Q>;
    request: FastifyRequest;
  }) => Promise<FileAnswer>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [...route.tags],
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const file = await handler({
        params: request.params as Parsed<P>,
        query: request.query as Parsed<Q>,
        request,
      });
      return reply
        .headers({
          'content-type': file.contentType,
          'content-disposition': `attachment; ${dispositionFilename(file.filename)}`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(file.body);
    },
  });
}
