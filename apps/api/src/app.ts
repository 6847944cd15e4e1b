import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { parse as parseQueryString } from 'fast-querystring';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { omitEmptyQueryValues } from '@comptoir/contract/list-query';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerInputGuard } from './http/input-guard';
import { createKeptAnswersServer } from './http/kept-answers';
import { endpointValidatorCompiler } from './http/register-endpoint';
import { requestIdOf } from './http/request-id';
import { responseSerializerCompiler } from './http/response-serializer';
import { lazyRequestLoggerFactory, withSafeLogging } from './lib/log-safety';
import type { SiteCache } from './lib/site-cache';
import { resolveAuthLimits, type AuthLimits, type RateLimit } from './lib/rate-limits';
import { registerAdminRoutes } from './modules/admin/admin-routes';
import { registerAdminCustomersRoutes } from './modules/admin-customers/admin-customers-routes';
import { registerAdminOrdersRoutes } from './modules/admin-orders/admin-orders-routes';
import { registerAlbumRoutes } from './modules/album/album-routes';
import { registerAdminContentRoutes } from './modules/admin-content/admin-content-routes';
import { registerAdminThemeRoutes } from './modules/admin-theme/admin-theme-routes';
import { registerAdminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue-routes';
import { registerAdminDeliveryRoutes } from './modules/admin-delivery/admin-delivery-routes';
import { registerAdminDiscountRoutes } from './modules/admin-discount/admin-discount-routes';
import { registerAdminGiftVoucherRoutes } from './modules/admin-gift-voucher/admin-gift-voucher-routes';
import { registerAuditRoutes } from './modules/audit/audit-routes';
import { registerAdminPagesRoutes } from './modules/admin-pages/admin-pages-routes';
import { registerAdminBlogRoutes } from './modules/admin-blog/admin-blog-routes';
import { registerAdminNewsRoutes } from './modules/admin-news/admin-news';
import { registerAdminAlbumsRoutes } from './modules/admin-albums/admin-albums-routes';
import { registerContentImageRoutes } from './modules/content-image/content-image';
import { registerPlatformRoutes } from './modules/platform/platform-routes';
import { createAccountSettings } from './modules/auth/account-settings';
import { registerAuthRoutes } from './modules/auth/auth-routes';
import { registerBlogRoutes } from './modules/blog/blog-routes';
import { registerCalendarRoutes } from './modules/calendar/calendar-routes';
import { registerCartRoutes } from './modules/cart/cart-routes';
import { registerCityRoutes } from './modules/city/city-routes';
import { createCountryLookup } from './modules/country/country-lookup';
import { registerDeliveryRoutes } from './modules/delivery/delivery-routes';
import { registerRelayRoutes } from './modules/relay/relay-routes';
import { CodeCheckBudget } from './modules/discount/code-check-budget';
import { registerDiscountRoutes } from './modules/discount/discount-routes';
import { registerInvoices } from './modules/invoice/invoice-routes';
import type { OrderEvents } from './modules/order/order-events';
import { registerOrderRoutes } from './modules/order/order-routes';
import type { OrderService } from './modules/order/order-service';
import { registerOrderMails } from './modules/order-mail/order-mails';
import { registerPaymentRoutes } from './modules/payment/payment-routes';
import { stripeApiAddressOf } from './modules/payment/stripe-client';
import {
  createGiftVouchers,
  registerGiftVoucherRoutes,
} from './modules/gift-voucher/gift-voucher-routes';
import type { JobRunner } from './lib/jobs';
import { createBuiltInRelayProvider, type RelayProvider } from './modules/relay/relay-provider';
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
import { registerReviewRoutes } from './modules/review/review-routes';
import { registerNewsRoutes } from './modules/news/news-routes';
import { registerHealthRoutes } from './modules/health/health-routes';
import { registerImageRoutes } from './modules/image/image-routes';
import { svgSourceSettings } from './modules/image/svg-sources';
import { registerPageRoutes } from './modules/page/page-routes';
import { registerParameterRoutes } from './modules/parameter/parameter-routes';
import { registerPopupRoutes } from './modules/popup/popup-routes';
import { registerProductRoutes } from './modules/product/product-routes';
import { registerSiteRoutes } from './modules/site/site-routes';
import { registerSiteVisitRoutes, SITE_VISIT_PER_IP } from './modules/site-visit/site-visit-routes';
import { registerUserRoutes } from './modules/user/user-routes';
import { registerVariationRoutes } from './modules/variation/variation-routes';
import { registerAuth } from './plugins/auth';
import { registerBackgroundTasks } from './plugins/background-tasks';
import { registerApiDocs } from './plugins/api-docs';
import { registerStorefrontRevalidation } from './plugins/storefront-revalidation';
import { registerDatabase } from './plugins/database';
import { registerErrorHandling } from './plugins/errors';
import { registerPrivateAnswers } from './plugins/private-answers';
import { registerMail, type MailOptions } from './plugins/mail';
import { registerSiteResolution } from './plugins/site';
import { registerLifecycle } from './plugins/lifecycle';
import { registerRedis } from './plugins/redis';
import { registerStorage } from './plugins/storage';
import { s3StorageSettings } from './plugins/s3-storage';

export interface BuildAppOptions {
  /** An open, migrated database; the caller closes it after the app. */
  database: Database;
  /**
   * The parsed configuration (loadConfig): every setting the API takes from the environment.
   * server.ts parses process.env; tests parse the variables they choose.
   */
  config: Config;
  /** Fastify's logger option: false (default, for tests), true, or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Brute-force limits (tests lower them); unset ones keep their defaults. */
  authLimits?: Partial<AuthLimits>;
  /** Visits recorded per client address (GET /site/visit/:from); tests lower it. */
  siteVisitPerIp?: RateLimit;
  /** Where relay points come from: a carrier's API (decision 0044); the seeded points by default. */
  relayProvider?: RelayProvider;
  /** The clock of click-and-collect holds and lead times; tests move it. */
  now?: () => Date;
  /** Product sheets (PDF) drawn per client address; tests raise or lower it. */
  productSheetPerIp?: RateLimit;
  /** Prefix of every Redis key (default `comptoir:`); tests give each app of a test its own. */
  redisKeyPrefix?: string;
  /** Where background jobs run (payment expiry, reviews); an in-process interval runner by default. */
  jobs?: JobRunner;
  /** The mail-delivery job's interval, attempts and backoff (tests shorten them). */
  mailDelivery?: Pick<MailOptions, 'intervalMs' | 'delivery'>;
  /**
   * Given the order module once it is registered: tests move orders through states (paid,
   * shipped…) that the back-office or the payment provider moves otherwise.
   */
  onOrders?: (orders: { service: OrderService; events: OrderEvents }) => void;
}

/** Whether Fastify writes its "incoming request" and "request completed" lines (info level). */
function logsEachRequest(app: FastifyInstance): boolean {
  const logger = app.log as Partial<{ isLevelEnabled(level: string): boolean }>;
  return typeof logger.isLevelEnabled === 'function' && logger.isLevelEnabled('info');
}

/**
 * The whole API as a Fastify instance, not yet listening: server.ts starts it, tests inject into
 * it. Platform plugins sit at the root; the feature modules live in one scope where every route
 * goes through site resolution and authentication.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  const production = config.NODE_ENV === 'production';
  // The kept bodies that answer before routing, once the cache exists (see below).
  let keptBodies: SiteCache | null = null;
  const app = Fastify({
    // Whatever the caller asks for, logs keep no secret: redaction and query-free errors.
    logger: withSafeLogging(options.logger ?? false),
    // A request's logger is made on its first line, not for every request (log-safety.ts).
    childLoggerFactory: lazyRequestLoggerFactory,
    trustProxy: config.TRUST_PROXY,
    // Path parameters are checked by each endpoint's schema (a 400 naming the parameter);
    // the router's own limit only stops absurd lengths.
    // docs/requirements/lists.md, for every list endpoint at once: an empty query value is an absent one
    // (`?page&nbItem=100` is `?nbItem=100`). Fastify's own parser, then that one rule.
    routerOptions: {
      maxParamLength: 1000,
      querystringParser: (text) => omitEmptyQueryValues(parseQueryString(text)),
    },
    // Keep a caller's request id (a proxy's, the storefront's) so that logs can be joined up.
    genReqId: (request) => requestIdOf(request.headers),
    // Kept answers of cached reads are sent before routing (http/kept-answers.ts).
    serverFactory: (handler, serverOptions) =>
      createKeptAnswersServer(handler, serverOptions as never, () => keptBodies),
  });
  app.setValidatorCompiler(endpointValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Hooks that never wait are written with `done`: no promise and no extra turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandling(app);
  registerPrivateAnswers(app);
  // The API reads JSON, and multipart where a route says so: a text/plain body (Fastify's other
  // default) is a 415, never a string handed to a schema or quietly ignored.
  app.removeContentTypeParser('text/plain');
  registerInputGuard(app);
  registerDatabase(app, options.database);
  // With a line per request in the log (LOG_LEVEL info and below), every request goes through
  // Fastify, which writes those lines; otherwise kept answers skip it (http/kept-answers.ts).
  if (!logsEachRequest(app)) keptBodies = app.siteCache;
  registerBackgroundTasks(app);
  registerLifecycle(app);
  registerRedis(app, {
    url: config.REDIS_URL,
    ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
  });
  registerStorefrontRevalidation(app, {
    url: config.STOREFRONT_URL,
    secret: config.REVALIDATE_SECRET,
  });
  // Without SMTP_URL, mails are kept as .eml files beside the database, never in the log.
  registerMail(app, {
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.DATA_DIR, 'mail'),
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...options.mailDelivery,
  });
  registerStorage(app, {
    directory: path.join(config.DATA_DIR, 'uploads'),
    ...(config.S3_BUCKET ? { s3: s3StorageSettings(config, config.S3_BUCKET) } : {}),
  });
  app.register(fastifyCookie);
  registerApiDocs(app, { adminOnly: production });

  const accountSettings = createAccountSettings({
    cookieDomain: config.COOKIE_DOMAIN,
    limits: resolveAuthLimits(options.authLimits, config.AUTH_RATE_LIMIT_SCALE),
    production,
    redis: app.redis,
  });

  app.register(async (api) => {
    registerSiteResolution(api);
    registerAuth(api);

    registerHealthRoutes(api);
    registerSiteRoutes(api);
    registerParameterRoutes(api);
    registerPageRoutes(api);
    registerCountryRoutes(api);
    registerVariationRoutes(api);
    registerElementRoutes(api);
    registerAlbumRoutes(api);
    registerImageRoutes(api, {
      svgSources: svgSourceSettings(config.STOREFRONT_PUBLIC_DIR, config.LOAD_SVG_ALLOWED_ORIGINS),
    });
    // Form answers and registrations mail the site, like contact messages: the same per-IP limit.
    registerElementRegistrationRoutes(api, {
      registerPerIp: accountSettings.limits.contactMessagePerIp,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
    });
    registerFormRoutes(api, {
      submitPerIp: accountSettings.limits.contactMessagePerIp,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
    });
    registerFileRoutes(api);
    registerBlogRoutes(api);
    registerNewsRoutes(api);
    registerPopupRoutes(api);
    registerServiceRoutes(api);
    registerComponentConfRoutes(api);
    registerReviewRoutes(api, {
      googlePlaces: {
        apiKey: config.GOOGLE_PLACES_API_KEY ?? null,
        placeIds: config.GOOGLE_PLACES_PLACE_IDS,
      },
      ...(options.jobs ? { jobs: options.jobs } : {}),
    });
    registerSiteVisitRoutes(api, { visitPerIp: options.siteVisitPerIp ?? SITE_VISIT_PER_IP });
    registerExternalAppRoutes(api);
    registerUserRoutes(api, accountSettings);
    registerAuthRoutes(api, accountSettings);
    registerNewsletterRoutes(api, {
      subscribePerIp: accountSettings.limits.newsletterSubscribePerIp,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
    });
    // One budget for every call that judges a discount or gift-voucher code (decision 0080).
    const codeChecks = new CodeCheckBudget(
      {
        perAddress: accountSettings.limits.discountChecksPerIp,
        perCart: accountSettings.limits.discountChecksPerCart,
      },
      { redis: app.redis },
    );
    const carts = registerCartRoutes(api, {
      cookieDomain: config.COOKIE_DOMAIN,
      newCartsPerIp: accountSettings.limits.newCartsPerIp,
      codeChecks,
    });
    registerProductRoutes(api, {
      publicDir: config.STOREFRONT_PUBLIC_DIR,
      ...(options.productSheetPerIp ? { sheetPerIp: options.productSheetPerIp } : {}),
    });
    const countries = createCountryLookup(options.database.db);
    registerDeliveryRoutes(api, countries, carts);
    const relayProvider = options.relayProvider ?? createBuiltInRelayProvider(options.database.db);
    registerRelayRoutes(api, { provider: relayProvider, countries });
    registerCityRoutes(api, countries);
    registerCalendarRoutes(api, { now: options.now ?? (() => new Date()), carts });
    const giftVoucherOptions = {
      carts,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
      now: options.now ?? (() => new Date()),
      ...(config.COOKIE_DOMAIN ? { cookieDomain: config.COOKIE_DOMAIN } : {}),
      ...(options.jobs ? { jobs: options.jobs } : {}),
    };
    const giftVouchers = createGiftVouchers(api, giftVoucherOptions);
    registerDiscountRoutes(api, {
      carts,
      voucherCheck: giftVouchers.check,
      now: options.now ?? (() => new Date()),
      codeChecks,
    });
    // The payments module needs the orders, and the orders ask it whether a site takes cards.
    let payments: { cardPaymentAvailable: (siteId: number) => Promise<boolean> } | null = null;
    const orders = registerOrderRoutes(api, {
      countries,
      carts,
      relayProvider,
      codeChecks,
      cardAvailable: async (siteId) => (await payments?.cardPaymentAvailable(siteId)) ?? false,
      now: options.now ?? (() => new Date()),
      ...(options.jobs ? { jobs: options.jobs } : {}),
      giftVouchers: giftVouchers.payments,
    });
    payments = registerPaymentRoutes(api, {
      orders: orders.service,
      stripeApi: stripeApiAddressOf(config.STRIPE_API_URL),
    });
    options.onOrders?.(orders);
    // The order's mails and its invoice listen to what happens to it.
    registerOrderMails(api, {
      events: orders.events,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
      now: options.now ?? (() => new Date()),
    });
    registerInvoices(api, {
      events: orders.events,
      orders: orders.service,
      production: accountSettings.production,
      now: options.now ?? (() => new Date()),
    });
    registerGiftVoucherRoutes(api, giftVouchers, { ...giftVoucherOptions, events: orders.events });
    registerAdminOrdersRoutes(api, {
      orders: orders.service,
      now: options.now ?? (() => new Date()),
    });
    registerAdminCustomersRoutes(api, { now: options.now ?? (() => new Date()) });
    registerAdminRoutes(api);
    registerAuditRoutes(api);
    registerAdminContentRoutes(api);
    registerAdminPagesRoutes(api);
    registerAdminThemeRoutes(api);
    registerContentImageRoutes(api);
    registerAdminBlogRoutes(api);
    registerAdminNewsRoutes(api);
    registerAdminAlbumsRoutes(api);
    registerPlatformRoutes(api, { production: accountSettings.production });
    registerAdminCatalogueRoutes(api);
    registerAdminDeliveryRoutes(api, { now: options.now ?? (() => new Date()) });
    registerAdminDiscountRoutes(api);
    registerAdminGiftVoucherRoutes(api, { giftVouchers, now: options.now ?? (() => new Date()) });
    registerContactRoutes(api, {
      messagePerIp: accountSettings.limits.contactMessagePerIp,
      mailLimiter: accountSettings.mailLimiter,
      production: accountSettings.production,
    });
  });

  return app;
}
