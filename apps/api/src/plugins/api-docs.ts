import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SITE_ID_COOKIE } from '@comptoir/contract/auth';
import { siteIdSchema } from '@comptoir/contract/headers';
import { readSessionToken } from './auth';

export interface ApiDocsOptions {
  /** Production: the docs (UI and OpenAPI JSON) answer only an ADMIN or SUPER_ADMIN of a site. */
  adminOnly: boolean;
  /**
   * Throws 401 or 403 unless the token is the session of an ADMIN or SUPER_ADMIN of the site
   * (null when the request named no site or sent no token): built in compose.ts from the user
   * and admin modules.
   */
  requireAdmin(siteId: number | null, token: string | null): Promise<void>;
}

/**
 * OpenAPI generated from the contract's schemas, with Swagger UI at /docs. Open in development;
 * in production the whole API surface is not a visitor's business: the caller must be an admin
 * of the site named by the siteId header or cookie (the storefront's /api/docs sends both
 * cookies), with the session token of that site.
 */
export function registerApiDocs(app: FastifyInstance, options: ApiDocsOptions): void {
  app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Comptoir API',
        description:
          'Multi-tenant storefront API. Every call except the platform ones sends the `siteId` header ' +
          '(and `userLang`); responses are `{ success, data, message }`. An empty query value counts ' +
          'as absent (`?page&nbItem=100` is `?nbItem=100`).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerToken: { type: 'http', scheme: 'bearer' },
          tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  async function requireDocsAdmin(request: FastifyRequest): Promise<void> {
    const rawSiteId = request.headers.siteid ?? request.cookies?.[SITE_ID_COOKIE];
    const siteId = siteIdSchema.safeParse(rawSiteId);
    await options.requireAdmin(siteId.success ? siteId.data : null, readSessionToken(request));
  }

  app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    ...(options.adminOnly ? { uiHooks: { onRequest: requireDocsAdmin } } : {}),
  });
}
