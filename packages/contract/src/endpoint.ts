import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP endpoint, described once: the API registers its route from it and the typed client
 * calls it from it, so the two can never drift apart.
 * `path` uses Fastify's `:param` syntax.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Platform-level endpoints answer without a siteId header (site resolution, health). */
  withoutSite?: boolean;
}

export function defineEndpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Params, Query, Body, Response>) {
  return endpoint;
}

export type EndpointParams<E> =
  E extends Endpoint<infer P, any, any, any>
    ? P extends z.ZodType
      ? z.input<P>
      : undefined
    : never;
export type EndpointQuery<E> =
  E extends Endpoint<any, infer Q, any, any>
    ? Q extends z.ZodType
      ? z.input<Q>
      : undefined
    : never;
export type EndpointBody<E> =
  E extends Endpoint<any, any, infer B, any>
    ? B extends z.ZodType
      ? z.input<B>
      : undefined
    : never;
export type EndpointResponse<E> = E extends Endpoint<any, any, any, infer R> ? z.output<R> : never;
