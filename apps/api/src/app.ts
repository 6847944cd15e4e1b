import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { parse as parseQueryString } from 'fast-querystring';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { omitEmptyQueryValues } from '@comptoir/contract/list-query';
import type { Database } from './db/client';
import { endpointValidatorCompiler } from './http/register-endpoint';
import { responseSerializerCompiler } from './http/response-serializer';
import { resolveAuthLimits, type AuthLimits } from './lib/rate-limits';
import { registerAdminRoutes } from './modules/admin/admin-routes';
import { registerAlbumRoutes } from './modules/album/album-routes';
import { registerAdminContentRoutes } from './modules/admin-content/admin-content-routes';
import { createAccountSettings } from './modules/auth/account-settings';
import { registerAuthRoutes } from './modules/auth/auth-routes';
import { registerBlogRoutes } from './modules/blog/blog-routes';
import { registerCartRoutes } from './modules/cart/cart-routes';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter-routes';
import { registerCountryRoutes } from './modules/country/country-routes';
import { registerElementRoutes } from './modules/element/element-routes';
import { registerElementRegistrationRoutes } from './modules/element-registration/element-registration-routes';
import { registerFileRoutes } from './modules/file/file-routes';
import { registerFormRoutes } from './modules/form/form-routes';
import { registerExternalAppRoutes } from './modules/external-app/external-app-routes';
import { registerContactRoutes } from './modules/contact/contact-routes';
import { registerServiceRoutes } from './modules/service/service-routes';
import { registerComponentConfRoutes } from './modules/component-conf/component-conf-routes';
import { googlePlacesSettingsFromEnv } from './modules/review/google-places';
import { registerReviewRoutes } from './modules/review/review-routes';
import { registerNewsRoutes } from './modules/news/news-routes';
import { registerImageRoutes, svgSourcesFromEnv } from './modules/image/image-routes';
import { registerPageRoutes } from './modules/page/page-routes';
import { registerParameterRoutes } from './modules/parameter/parameter-routes';
import { registerPopupRoutes } from './modules/popup/popup-routes';
import { registerSiteRoutes } from './modules/site/site-routes';
import { registerSiteVisitRoutes } from './modules/site-visit/site-visit-routes';
import { registerUserRoutes } from './modules/user/user-routes';
import { registerVariationRoutes } from './modules/variation/variation-routes';
import { registerAuth } from './plugins/auth';
import { registerBackgroundTasks } from './plugins/background-tasks';
import {
  registerStorefrontRevalidation,
  storefrontRevalidationFromEnv,
  type StorefrontRevalidationOptions,
} from './plugins/storefront-revalidation';
import { registerDatabase } from './plugins/database';
import { registerErrorHandling } from './plugins/errors';
import { registerMail } from './plugins/mail';
import { registerSiteResolution } from './plugins/site';
import { registerStorage } from './plugins/storage';

export interface BuildAppOptions {
  /** An open, migrated database; the caller closes it after the app. */
  database: Database;
  /** Fastify's logger option: false (default, for tests), true, or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** SMTP_URL: mails go through this server; unset, to the mail_outbox table and the log. */
  smtpUrl?: string;
  /** Folder of uploaded files (`${DATA_DIR}/uploads`); unset, a temporary folder (tests). */
  uploadsDir?: string;
  /** COOKIE_DOMAIN: the Domain attribute of the login cookies. */
  cookieDomain?: string;
  /** Mails link to a site's prodUrl when true (NODE_ENV=production), to its devUrl otherwise. */
  production?: boolean;
  /**
   * TRUST_PROXY: peers whose X-Forwarded-For/-Proto are believed (proxy-addr syntax). Default
   * 'loopback': the storefront, which forwards /api/* from the same machine.
   */
  trustProxy?: string;
  /** Brute-force limits (tests lower them); unset ones keep their defaults. */
  authLimits?: Partial<AuthLimits>;
  /** AUTH_RATE_LIMIT_SCALE: multiplies the default per-IP limits (default 1). */
  authRateLimitScale?: number;
  /** Where and how to ask the storefront to revalidate; default: STOREFRONT_URL, REVALIDATE_SECRET. */
  storefrontRevalidation?: StorefrontRevalidationOptions;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The whole API as a Fastify instance, not yet listening: server.ts starts it, tests inject into
 * it. Platform plugins sit at the root; the feature modules live in one scope where every route
 * goes through site resolution and authentication.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? 'loopback',
    // Path parameters are checked by each endpoint's schema (a 400 naming the parameter);
    // the router's own limit only stops absurd lengths.
    // Spec §5, for every list endpoint at once: an empty query value is an absent one
    // (`?page&nbItem=100` is `?nbItem=100`). Fastify's own parser, then that one rule.
    routerOptions: {
      maxParamLength: 1000,
      querystringParser: (text) => omitEmptyQueryValues(parseQueryString(text)),
    },
    // Keep a caller's request id (a proxy's, the storefront's) so that logs can be joined up.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
        ? incoming
        : randomUUID();
    },
  });
  app.setValidatorCompiler(endpointValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerDatabase(app, options.database);
  registerBackgroundTasks(app);
  registerStorefrontRevalidation(
    app,
    options.storefrontRevalidation ?? storefrontRevalidationFromEnv(process.env),
  );
  registerMail(app, { smtpUrl: options.smtpUrl });
  registerStorage(app, { directory: options.uploadsDir });
  app.register(fastifyCookie);
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
  app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  const accountSettings = createAccountSettings({
    cookieDomain: options.cookieDomain,
    limits: resolveAuthLimits(options.authLimits, options.authRateLimitScale),
    production: options.production ?? false,
  });

  app.register(async (api) => {
    registerSiteResolution(api);
    registerAuth(api);

    registerSiteRoutes(api);
    registerParameterRoutes(api);
    registerPageRoutes(api);
    registerCountryRoutes(api);
    registerVariationRoutes(api);
    registerElementRoutes(api);
    registerAlbumRoutes(api);
    registerImageRoutes(api, { svgSources: svgSourcesFromEnv(process.env) });
    // Form answers and registrations mail the site, like contact messages: the same per-IP limit.
    registerElementRegistrationRoutes(api, {
      registerPerIp: accountSettings.limits.contactMessagePerIp,
      production: accountSettings.production,
    });
    registerFormRoutes(api, {
      submitPerIp: accountSettings.limits.contactMessagePerIp,
      production: accountSettings.production,
    });
    registerFileRoutes(api);
    registerBlogRoutes(api);
    registerNewsRoutes(api);
    registerPopupRoutes(api);
    registerServiceRoutes(api);
    registerComponentConfRoutes(api);
    registerReviewRoutes(api, { googlePlaces: googlePlacesSettingsFromEnv(process.env) });
    registerSiteVisitRoutes(api);
    registerExternalAppRoutes(api);
    registerUserRoutes(api, accountSettings);
    registerAuthRoutes(api, accountSettings);
    registerNewsletterRoutes(api, {
      subscribePerIp: accountSettings.limits.newsletterSubscribePerIp,
    });
    registerCartRoutes(api);
    registerAdminRoutes(api);
    registerAdminContentRoutes(api);
    registerContactRoutes(api, {
      messagePerIp: accountSettings.limits.contactMessagePerIp,
      production: accountSettings.production,
    });
  });

  return app;
}
