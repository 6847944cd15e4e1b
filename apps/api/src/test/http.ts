import type { FastifyInstance, InjectOptions } from 'fastify';

/** Injects a request as the storefront sends it: with the siteId header of the given site. */
export function siteRequest(app: FastifyInstance, siteId: number | string, options: InjectOptions) {
  return app.inject({ ...options, headers: { siteId: String(siteId), ...options.headers } });
}

export type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** What a test says of a request: the site, the method, the path, the session (none: a visitor), a JSON body. */
export type RequestAsArguments = [
  siteId: number,
  method: TestMethod,
  url: string,
  token?: string | null,
  payload?: unknown,
];

/** A request of a site by the holder of a session token, or by a visitor without one. */
export function requestAs(
  app: FastifyInstance,
  ...[siteId, method, url, token, payload]: RequestAsArguments
) {
  return siteRequest(app, siteId, {
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
