import fastifyCookie from '@fastify/cookie';
import { parse as parseQueryString } from 'fast-querystring';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { omitEmptyQueryValues } from '@comptoir/contract/list-query';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerInputGuard } from './http/input-guard';
import { createKeptAnswersServer, type KeptAnswerObserver } from './http/kept-answers';
import { endpointValidatorCompiler } from './http/register-endpoint';
import { responseSerializerCompiler } from './http/response-serializer';
import { lazyRequestLoggerFactory, requestIdOf, withSafeLogging } from './lib/log-safety';
import type { SiteCache } from './lib/site-cache';
import type { AuthLimits, RateLimit } from './lib/rate-limits';
import { compose } from './compose';
import type { JobRunner } from './lib/jobs';
import type { OrderEvents, OrderService } from './modules/order';
import type { RelayProvider } from './modules/relay';
import { registerAuth } from './plugins/auth';
import { registerApiDocs } from './plugins/api-docs';
import { registerErrorHandling } from './plugins/errors';
import { registerPrivateAnswers } from './plugins/private-answers';
import type { MailOptions } from './plugins/mail';
import { registerSiteResolution } from './plugins/site';
import { registerLifecycle } from './plugins/lifecycle';

export interface BuildAppOptions {
  /** An open, migrated database; the caller closes it after the app. */
  database: Database;
  /**
   * The parsed configuration (loadConfig): every setting the API takes from the environment.
   * server.ts parses process.env; tests parse the variables they choose.
   */
  config: Config;
  /**
   * The platform key that seals the back office's secrets (lib/secret-box, loadSecretsKey):
   * server.ts and the commands pass it; unset, SECRETS_KEY from the config, else a key made for
   * this process only (tests).
   */
  secretsKey?: Buffer;
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
  onOrders?: (orders: {
    service: OrderService;
    events: OrderEvents;
    /** One run of the review request job (decision 0104). */
    sendDueReviewRequests: () => Promise<number>;
  }) => void;
  /** Given the reservations once built: tests run their reminder and housekeeping job. */
  onBookings?: (bookings: { runJob: () => Promise<number> }) => void;
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
  // The kept answers' metrics, once they exist (decision 0118).
  let keptAnswerObserver: KeptAnswerObserver | null = null;
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
      createKeptAnswersServer(
        handler,
        serverOptions as never,
        () => keptBodies,
        () => keptAnswerObserver,
      ),
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
  // The shared pieces and every module, built once (compose.ts, decision 0088).
  const composition = compose(app, options);
  // With a line per request in the log (LOG_LEVEL info and below), every request goes through
  // Fastify, which writes those lines; otherwise kept answers skip it (http/kept-answers.ts).
  if (!logsEachRequest(app)) keptBodies = app.siteCache;
  const metrics = composition.metrics;
  if (metrics) {
    keptAnswerObserver = ({ siteId, route, status, seconds }) =>
      metrics.observeRequest({ method: 'GET', route, status, seconds, siteId });
  }
  registerLifecycle(app);
  app.register(fastifyCookie);
  registerApiDocs(app, { adminOnly: production, requireAdmin: composition.requireAdmin });

  // Named: traces call the scope's hooks after it (observability/tracing.ts).
  app.register(async function featureModules(api) {
    registerSiteResolution(api, composition.sites);
    registerAuth(api, composition.users);
    composition.registerRoutes(api);
  });

  return app;
}
