import type { FastifyInstance, InjectOptions } from 'fastify';

/** Injects a request as the storefront sends it: with the siteId header of the given site. */
export function siteRequest(app: FastifyInstance, siteId: number | string, options: InjectOptions) {
  return app.inject({ ...options, headers: { siteId: String(siteId), ...options.headers } });
}
