import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { HttpError } from './http/http-error';
import type { JobRunner } from './lib/jobs';
import { createSecretBox, parseSecretsKey } from './lib/secret-box';
import { randomBytes } from 'node:crypto';
import { resolveAuthLimits, type AuthLimits, type RateLimit } from './lib/rate-limits';
import { createAlbumModule } from './modules/album';
import { adminActor, createAuditModule, recordAudit } from './modules/audit';
import { createAuthModule } from './modules/auth';
import { createBlogModule, publishedArticles } from './modules/blog';
import { createBookingModule } from './modules/booking';
import { createCalendarModule } from './modules/calendar';
import { createCartModule } from './modules/cart';
import { createCityModule } from './modules/city';
import { createComponentConfModule } from './modules/component-conf';
import { createConsentModule } from './modules/consent';
import { createContactModule } from './modules/contact';
import { createContentImageModule } from './modules/content-image';
import { createCountryModule } from './modules/country';
import { createDeliveryModule } from './modules/delivery';
import { createDiscountModule } from './modules/discount';
import { createElementModule } from './modules/element';
import { createElementRegistrationModule } from './modules/element-registration';
import { createExternalAppModule } from './modules/external-app';
import { createFileModule } from './modules/file';
import { createFormModule } from './modules/form';
import { createGiftVoucherModule } from './modules/gift-voucher';
import { createHealthModule } from './modules/health';
import { createImageModule, svgSourceSettings } from './modules/image';
import { createInvoiceModule, createInvoiceRecords } from './modules/invoice';
import { createMailModule } from './modules/mail';
import { createNewsModule, publishedNews } from './modules/news';
import { createNewsletterModule } from './modules/newsletter';
import {
  createOrderEventBus,
  createOrderModule,
  type OrderEvents,
  type OrderService,
} from './modules/order';
import { createOrderMailModule } from './modules/order-mail';
import { createPageModule } from './modules/page';
import { createParameterModule } from './modules/parameter';
import { createPaymentModule, createStripeAccounts, stripeApiAddressOf } from './modules/payment';
import { createPlatformModule } from './modules/platform';
import { createPopupModule } from './modules/popup';
import { createProductModule, visibleProducts } from './modules/product';
import { createRelayModule, type RelayProvider } from './modules/relay';
import { createReviewModule } from './modules/review';
import { createUndeliveredMailModule } from './modules/undelivered-mail';
import { createSearchModule } from './modules/search';
import { createServiceModule } from './modules/service';
import { createSiteModule } from './modules/site';
import { createSiteVisitModule, SITE_VISIT_PER_IP } from './modules/site-visit';
import {
  createAccountSettings,
  createUserModule,
  NOT_LOGGED_IN_MESSAGE,
  requireAdmin,
} from './modules/user';
import { createVariationModule } from './modules/variation';
import { registerBackgroundTasks } from './plugins/background-tasks';
import { registerDatabase } from './plugins/database';
import { registerMail, type MailOptions } from './plugins/mail';
import { metricsEnabled, registerMetrics } from './plugins/metrics';
import { createApiMetrics } from './observability/metrics';
import { registerRedis } from './plugins/redis';
import { s3StorageSettings } from './plugins/s3-storage';
import { registerStorage } from './plugins/storage';
import { registerStorefrontRevalidation } from './plugins/storefront-revalidation';
import type { SharedPieces } from './shared';

export interface ComposeOptions {
  database: Database;
  config: Config;
  authLimits?: Partial<AuthLimits>;
  siteVisitPerIp?: RateLimit;
  relayProvider?: RelayProvider;
  now?: () => Date;
  productSheetPerIp?: RateLimit;
  redisKeyPrefix?: string;
  jobs?: JobRunner;
  /** The key of the secret box (loadSecretsKey); unset, SECRETS_KEY, else one for this process. */
  secretsKey?: Buffer;
  mailDelivery?: Pick<MailOptions, 'intervalMs' | 'delivery'>;
  onOrders?: (orders: {
    service: OrderService;
    events: OrderEvents;
    /** One run of the review request job (decision 0104). */
    sendDueReviewRequests: () => Promise<number>;
  }) => void;
  onBookings?: (bookings: { runJob: () => Promise<number> }) => void;
}

/**
 * The composition root (decision 0088): the shared pieces are built once here (the database and
 * its site cache, background tasks, Redis, storefront revalidation, the mailer and its outbox,
 * the storage, the clock, the parameter reader, the users), then every module through its face
 * (`modules/<feature>/index.ts`), in the order of their dependencies, each handed what it uses.
 * No module builds another's repository or service; app.ts registers what this returns.
 *
 * The infrastructure plugins are registered on the root `app` in the order app.ts had them, so
 * that their close hooks run in the same order as before.
 */
export function compose(app: FastifyInstance, options: ComposeOptions) {
  const { config } = options;
  const production = config.NODE_ENV === 'production';
  const db = options.database.db;
  const now = options.now ?? (() => new Date());
  const jobs = options.jobs;
  // The one secret box (decision 0107): the back office's secrets are sealed under it at rest.
  // server.ts passes the loaded key; tests that give none get a key of their own process.
  const secrets = createSecretBox(
    options.secretsKey ??
      (config.SECRETS_KEY ? parseSecretsKey(config.SECRETS_KEY) : randomBytes(32)),
  );

  registerDatabase(app, options.database);
  registerBackgroundTasks(app);
  registerRedis(app, {
    url: config.REDIS_URL,
    ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
  });
  registerStorefrontRevalidation(app, {
    url: config.STOREFRONT_URL,
    secret: config.REVALIDATE_SECRET,
  });
  const mail = createMailModule({ db });
  // Without SMTP_URL, mails are kept as .eml files beside the database, never in the log.
  registerMail(app, {
    outbox: mail.outbox,
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.DATA_DIR, 'mail'),
    ...(jobs ? { jobs } : {}),
    ...options.mailDelivery,
    ...(config.MAIL_MAX_ATTEMPTS
      ? { delivery: { ...options.mailDelivery?.delivery, maxAttempts: config.MAIL_MAX_ATTEMPTS } }
      : {}),
  });
  // What an operator watches (decision 0118): built only when METRICS_TOKEN or METRICS_PORT
  // lets someone read it.
  const metricsAccess = {
    token: config.METRICS_TOKEN,
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
  };
  const metrics = metricsEnabled(metricsAccess)
    ? createApiMetrics({
        siteCache: app.siteCache,
        ...(options.database.kind === 'postgres' ? { pool: options.database.pool } : {}),
        mailQueue: () => mail.outbox.queueFigures(),
        ...(jobs ? { jobs } : {}),
        topSites: config.METRICS_TOP_SITES,
        onCollectError: (source, error) =>
          app.log.warn({ err: error, source }, 'a metric could not be read'),
      })
    : null;
  if (metrics) registerMetrics(app, metrics, metricsAccess);
  registerStorage(app, {
    directory: path.join(config.DATA_DIR, 'uploads'),
    ...(config.S3_BUCKET ? { s3: s3StorageSettings(config, config.S3_BUCKET) } : {}),
  });

  const parameters = createParameterModule({ db, siteCache: app.siteCache });
  const shared: SharedPieces = {
    db,
    siteCache: app.siteCache,
    now,
    readParameters: parameters.readParameters,
    storage: app.storage,
    mailer: app.mailer,
    revalidation: app.storefrontRevalidation,
    counters: app.sharedCounters,
    ...(jobs ? { jobs } : {}),
    backgroundTasks: app.backgroundTasks,
    log: app.log,
    production,
  };
  const account = createAccountSettings({
    cookieDomain: config.COOKIE_DOMAIN,
    limits: resolveAuthLimits(options.authLimits, config.AUTH_RATE_LIMIT_SCALE),
    production,
    counters: app.sharedCounters,
  });
  const { limits, mailLimiter } = account;
  const cookieDomain = config.COOKIE_DOMAIN ? { cookieDomain: config.COOKIE_DOMAIN } : {};

  // Reference data and content.
  const health = createHealthModule(shared);
  const sites = createSiteModule(shared);
  const pages = createPageModule(shared);
  const country = createCountryModule(shared);
  const countries = country.lookup;
  const variations = createVariationModule(shared);
  const elements = createElementModule(shared);
  // The content images come first: the back office's albums are made of them.
  const contentImages = createContentImageModule(shared);
  const albums = createAlbumModule(shared, { images: contentImages.images });
  const images = createImageModule({
    svgSources: svgSourceSettings(config.STOREFRONT_PUBLIC_DIR, config.LOAD_SVG_ALLOWED_ORIGINS),
  });
  // Form answers and registrations mail the site, like contact messages: the same per-IP limit.
  const registrations = createElementRegistrationModule(shared, {
    mailLimiter,
    registerPerIp: limits.contactMessagePerIp,
  });
  const forms = createFormModule(shared, { mailLimiter, submitPerIp: limits.contactMessagePerIp });
  const files = createFileModule(shared);
  const blog = createBlogModule(shared);
  const news = createNewsModule(shared);
  const popups = createPopupModule(shared);
  const services = createServiceModule(shared);
  const componentConfs = createComponentConfModule(shared);
  const reviews = createReviewModule(shared, {
    googlePlaces: {
      apiKey: config.GOOGLE_PLACES_API_KEY ?? null,
      placeIds: config.GOOGLE_PLACES_PLACE_IDS,
    },
    secrets,
    googlePlacesUrl: config.GOOGLE_PLACES_API_URL,
  });
  const siteVisits = createSiteVisitModule(shared, {
    visitPerIp: options.siteVisitPerIp ?? SITE_VISIT_PER_IP,
  });
  const externalApps = createExternalAppModule(shared);

  const newsletter = createNewsletterModule(shared, {
    mailLimiter,
    subscribePerIp: limits.newsletterSubscribePerIp,
  });

  // The shop: carts, catalogue, delivery, codes, orders and what listens to them.
  const carts = createCartModule(shared, {
    ...cookieDomain,
    newCartsPerIp: limits.newCartsPerIp,
    discountChecksPerIp: limits.discountChecksPerIp,
    discountChecksPerCart: limits.discountChecksPerCart,
  });
  const products = createProductModule(shared, {
    publicDir: config.STOREFRONT_PUBLIC_DIR,
    ...(options.productSheetPerIp ? { sheetPerIp: options.productSheetPerIp } : {}),
    sheetEnabled: async (siteId) =>
      (await externalApps.service.getProductFileGeneratorConfig(siteId)).enabled,
  });
  // The site search reads each kind where a visitor may read it, by its module's rule.
  const search = createSearchModule(shared, { publishedArticles, publishedNews, visibleProducts });
  const delivery = createDeliveryModule(shared, { countries, carts: carts.service });
  const relay = createRelayModule(shared, {
    countries,
    secrets,
    mondialRelayUrl: config.MONDIAL_RELAY_API_URL,
    ...(options.relayProvider ? { provider: options.relayProvider } : {}),
  });
  const cities = createCityModule({ countries });
  const calendar = createCalendarModule(shared, { carts: carts.service });
  // The order events come first: the gift vouchers, made before the orders (which pay with
  // them), listen to the orders' payments.
  const orderEvents = createOrderEventBus(app.log);
  const giftVouchers = createGiftVoucherModule(shared, {
    carts: carts.service,
    sites: sites.repository,
    mailLimiter,
    events: orderEvents,
    ...cookieDomain,
  });
  const discounts = createDiscountModule(shared, {
    carts,
    voucherCheck: giftVouchers.service.check,
  });
  // The codes cart calls carry are judged by the discount module's rules (decision 0099).
  carts.service.judgeCodesWith(discounts.service.judgeForCart);
  // Which sites take cards is known before the orders; the payments get the orders after.
  const stripeAccounts = createStripeAccounts(shared, { secrets });
  // The order's mails listen to its events; the invoices' records are written by the invoice
  // module, made after the orders. The back office's order page reads both (decision 0093).
  const orderMails = createOrderMailModule(shared, {
    events: orderEvents,
    mailLimiter,
    readParametersIn: parameters.readParametersIn,
    sitesIn: sites.repositoryIn,
    googlePlaceIdOf: (siteId) => reviews.placeIdOf(siteId),
  });
  const invoiceRecords = createInvoiceRecords(shared);
  const orders = createOrderModule(shared, {
    carts,
    delivery: delivery.service,
    relayPoints: relay.provider,
    giftVouchers: giftVouchers.service.payments,
    cardAvailable: (siteId) => stripeAccounts.cardPaymentAvailable(siteId),
    events: orderEvents,
    stockChanged: products.catalogueChanged,
    invoices: invoiceRecords,
    pickupPlaces: orderMails.places,
  });
  const payments = createPaymentModule(shared, {
    accounts: stripeAccounts,
    orders: orders.service,
    secrets,
    saveParameters: sites.saveParameters,
    stripeApi: stripeApiAddressOf(config.STRIPE_API_URL),
  });
  // Reservations, after the payments: a booking's deposit is a card payment of theirs.
  const bookings = createBookingModule(shared, {
    payments: {
      cardAvailable: (siteId) => stripeAccounts.cardPaymentAvailable(siteId),
      startIntent: payments.service.startIntent,
      refundIntent: payments.service.refundIntent,
      listenToIntents: payments.service.listenToIntents,
    },
    mailLimiter,
    sites: sites.repository,
  });
  orders.countBookingsWith(bookings.admin.countBooked);
  options.onBookings?.({ runJob: () => bookings.runJob() });
  options.onOrders?.({
    service: orders.service,
    events: orders.events,
    sendDueReviewRequests: () => orderMails.sendDueReviewRequests(),
  });
  // The invoice listens to what happens to the order.
  const invoices = createInvoiceModule(shared, {
    records: invoiceRecords,
    orders: orders.service,
    events: orders.events,
    sites: sites.repository,
  });

  // Accounts, after the orders: the back office's customer pages read the customers' orders.
  const users = createUserModule(shared, account, {
    orders: orders.customerOrders,
    journal: { actorOf: adminActor, record: recordAudit },
  });
  const auth = createAuthModule(shared, { users: users.repository, account });

  // The back office.
  const audit = createAuditModule(shared);
  const undeliveredMails = createUndeliveredMailModule(shared);
  const platform = createPlatformModule(shared, { resets: auth.resets });
  const consentSecret = config.CONSENT_LOG_SECRET;
  const consent = createConsentModule(shared, {
    secret: consentSecret ? async () => consentSecret : () => platform.settings.consentHashKey(),
    perIp: limits.consentChoicesPerIp,
  });
  const contact = createContactModule(shared, {
    mailLimiter,
    messagePerIp: limits.contactMessagePerIp,
  });

  /** Route registration order: the order listeners (mails, invoice, vouchers) run in it. */
  const modules = [
    health,
    sites,
    parameters,
    pages,
    country,
    variations,
    elements,
    albums,
    images,
    registrations,
    forms,
    files,
    blog,
    news,
    popups,
    services,
    componentConfs,
    reviews,
    siteVisits,
    externalApps,
    users,
    auth,
    newsletter,
    carts,
    products,
    search,
    delivery,
    relay,
    cities,
    calendar,
    discounts,
    orders,
    payments,
    bookings,
    orderMails,
    invoices,
    giftVouchers,
    audit,
    undeliveredMails,
    contentImages,
    platform,
    consent,
    contact,
  ];

  return {
    shared,
    /** The metrics, when they are on (app.ts counts the kept answers into them). */
    metrics,
    /** The secret box the modules that keep secrets were given (decision 0107). */
    secrets,
    /** Site resolution (plugins/site.ts) reads the sites through the site module. */
    sites: sites.service,
    /** The session's user (plugins/auth.ts) is the user module's. */
    users: users.service,
    /** The docs' guard in production (plugins/api-docs.ts): an ADMIN's session of the site. */
    async requireAdmin(siteId: number | null, token: string | null): Promise<void> {
      if (siteId === null || !token) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
      requireAdmin(await users.service.findUserByToken(siteId, token));
    },
    /** Registers every module's routes in the scope where site resolution and auth run. */
    registerRoutes(api: FastifyInstance): void {
      for (const module of modules) module.registerRoutes(api);
    },
  };
}

export type Composition = ReturnType<typeof compose>;
