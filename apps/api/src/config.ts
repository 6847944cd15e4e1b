import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's data/ folder, found from this file so that the cwd does not matter. */
export const DEFAULT_DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../data',
);

/**
 * The one peer whose X-Forwarded-For/-Proto the API believes by default: the storefront, which
 * reaches the API at API_URL (http://127.0.0.1:4000) from 127.0.0.1 and writes those headers
 * itself. Not all of loopback: any other local process (127.0.0.2, ::1) is a client like any other.
 */
export const DEFAULT_TRUST_PROXY = '127.0.0.1';

/** apps/web/public, where /image/load-svg reads the site's own SVG files by default. */
export const DEFAULT_STOREFRONT_PUBLIC_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/public',
);

/** Shortest METRICS_TOKEN accepted: it guards figures about every site of the platform. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** Shortest REVALIDATE_SECRET accepted: anyone who knows it can empty the storefront's cache. */
export const REVALIDATE_SECRET_MIN_LENGTH = 16;

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{10,300}$/;
const PLACE_SITE_ID_PATTERN = /^[1-9]\d{0,9}$/;

/** "91:ChIJ…,92:ChIJ…" → site id → Google place id; a malformed pair is a configuration error. */
const placeIdsSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const placeIds = new Map<number, string>();
    for (const entry of value.split(',')) {
      const pair = entry.trim();
      if (pair === '') continue;
      const separator = pair.indexOf(':');
      const siteId = pair.slice(0, separator);
      const placeId = pair.slice(separator + 1);
      if (separator < 0 || !PLACE_SITE_ID_PATTERN.test(siteId) || !PLACE_ID_PATTERN.test(placeId)) {
        context.addIssue({
          code: 'custom',
          message: `GOOGLE_PLACES_PLACE_IDS must be a comma list of siteId:placeId pairs (for example 91:ChIJN1t_tDeuEmsRUsoyG83frY4), not "${pair}"`,
        });
        return z.NEVER;
      }
      placeIds.set(Number(siteId), placeId);
    }
    return placeIds as ReadonlyMap<number, string>;
  });

/** Comma- or space-separated http(s) origins; a typing mistake must not silently refuse every picture. */
const allowedOriginsSchema = z
  .string()
  .default('')
  .transform((value, context) => {
    const origins: string[] = [];
    for (const entry of value.split(/[\s,]+/).filter((item) => item !== '')) {
      let url: URL | undefined;
      try {
        url = new URL(entry);
      } catch {
        url = undefined;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        context.addIssue({
          code: 'custom',
          message: `LOAD_SVG_ALLOWED_ORIGINS: "${entry}" is not an http(s) origin`,
        });
        return z.NEVER;
      }
      origins.push(url.origin);
    }
    return origins as readonly string[];
  });

const configSchema = z.object({
  API_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'API_PORT must be a port number (1-65535)' })
      .int({ error: 'API_PORT must be a port number (1-65535)' })
      .min(1, { error: 'API_PORT must be a port number (1-65535)' })
      .max(65535, { error: 'API_PORT must be a port number (1-65535)' })
      .default(4000),
  ),
  // Loopback by default: the storefront reaches the API through its own server; set 0.0.0.0 to
  // expose the API on the network (for example inside a container).
  API_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_DATA_DIR)),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, {
        error: 'DATABASE_URL must be a postgres:// connection string',
      })
      .optional(),
  ),
  // Mail: an smtp:// or smtps:// URL (nodemailer syntax); unset, mails go to the outbox table.
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  // Delivery attempts of a mail before it stays `failed` for the back office's « E-mails non
  // envoyés » (decision 0115); 8 by default, about an hour of retries.
  MAIL_MAX_ATTEMPTS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'MAIL_MAX_ATTEMPTS must be a whole number of attempts (1-20)' })
      .int({ error: 'MAIL_MAX_ATTEMPTS must be a whole number of attempts (1-20)' })
      .min(1, { error: 'MAIL_MAX_ATTEMPTS must be a whole number of attempts (1-20)' })
      .max(20, { error: 'MAIL_MAX_ATTEMPTS must be a whole number of attempts (1-20)' })
      .optional(),
  ),
  // Redis shared by every API instance (rate limits, login failure counters); unset, they are
  // kept in this process, which is right for one instance only.
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
      .optional(),
  ),
  // On SIGTERM, how long /ready answers 503 while requests are still served, before the server
  // stops accepting connections: at least the load balancer's check interval. 0 for one process.
  SHUTDOWN_DRAIN_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds (0-60000)' })
      .int({ error: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds (0-60000)' })
      .min(0, { error: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds (0-60000)' })
      .max(60_000, { error: 'SHUTDOWN_DRAIN_MS must be a number of milliseconds (0-60000)' })
      .default(0),
  ),
  // Uploads in an S3-compatible bucket, shared by every API instance; S3_BUCKET unset, they stay
  // under DATA_DIR/uploads. S3_ENDPOINT unset means AWS; keys unset, the SDK's own chain.
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/i, { error: 'S3_ENDPOINT must be an http(s) address' })
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().trim().default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  // The login cookies' Domain attribute (for example .example.com to share them between
  // subdomains); unset, they belong to the storefront's own host.
  COOKIE_DOMAIN: z.preprocess(emptyAsUndefined, z.string().optional()),
  // Which peers may set X-Forwarded-For/-Proto (proxy-addr syntax): the storefront's exact address.
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_TRUST_PROXY)),
  // Multiplies the per-IP limits of login, registration and reset requests (automated test runs
  // that create many accounts from one address); the per-account login limit is not scaled.
  AUTH_RATE_LIMIT_SCALE: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'AUTH_RATE_LIMIT_SCALE must be a number of at least 1' })
      .min(1, { error: 'AUTH_RATE_LIMIT_SCALE must be a number of at least 1' })
      .default(1),
  ),
  // Seed: creates one ADMIN per demo site with this password; unset, no admin is created.
  DEMO_ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .min(10, { error: 'DEMO_ADMIN_PASSWORD must be at least 10 characters long' })
      .optional(),
  ),
  // Links in mails use a site's prodUrl in production, its devUrl otherwise.
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
  // Where the API asks the storefront to refresh its cached pages after an admin write; both
  // unset by default (nothing is sent), `npm start` sets them for the storefront it runs.
  STOREFRONT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/i, {
        error: (issue) =>
          `STOREFRONT_URL must be the storefront's http(s) address (for example http://127.0.0.1:3000), not "${String(issue.input)}"`,
      })
      .optional(),
  ),
  REVALIDATE_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .min(REVALIDATE_SECRET_MIN_LENGTH, {
        error: `REVALIDATE_SECRET must be at least ${REVALIDATE_SECRET_MIN_LENGTH} characters long`,
      })
      .optional(),
  ),
  // The platform key that seals the secrets entered in the back office (decision 0107): 32 bytes
  // in base64 or hex. Required in production; in development a key is made in DATA_DIR/secrets.key.
  SECRETS_KEY: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  // The consent log's address hashes (decision 0110): HMAC-SHA-256 under this secret. Unset, a
  // random key kept in the database is used; set it so that a copy of the database alone does
  // not let anyone test addresses against the hashes.
  CONSENT_LOG_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .min(REVALIDATE_SECRET_MIN_LENGTH, {
        error: `CONSENT_LOG_SECRET must be at least ${REVALIDATE_SECRET_MIN_LENGTH} characters long`,
      })
      .optional(),
  ),
  // Google Places: the key is a secret, so it lives in the environment, never in site data.
  GOOGLE_PLACES_API_KEY: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  GOOGLE_PLACES_PLACE_IDS: z.preprocess(emptyAsUndefined, placeIdsSchema),
  // Where the Stripe SDK sends its calls (decision 0053): unset, Stripe itself; tests and demos
  // point it at a fake server or stripe-mock. The keys are per site, in site_stripe_accounts.
  STRIPE_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+\/?$/i, {
        error: (issue) =>
          `STRIPE_API_URL must be an http(s) address without a path (for example http://127.0.0.1:12111), not "${String(issue.input)}"`,
      })
      .optional(),
  ),
  // Where the Mondial Relay point search is sent (decision 0108): unset, Mondial Relay itself;
  // tests and journeys point it at the fake service. The credentials are per site.
  MONDIAL_RELAY_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]+$/i, {
        error: (issue) =>
          `MONDIAL_RELAY_API_URL must be an http(s) address (for example http://127.0.0.1:2632/Web_Services.asmx), not "${String(issue.input)}"`,
      })
      .optional(),
  ),
  // Where Google Places is asked for the reviews: unset, Google itself; tests point it at a fake.
  GOOGLE_PLACES_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]+\/$/i, {
        error: (issue) =>
          `GOOGLE_PLACES_API_URL must be an http(s) address ending with a slash (for example http://127.0.0.1:2633/v1/places/), not "${String(issue.input)}"`,
      })
      .optional(),
  ),
  // /image/load-svg: extra origins it may fetch from, and where the site's own SVGs are read.
  LOAD_SVG_ALLOWED_ORIGINS: z.preprocess(emptyAsUndefined, allowedOriginsSchema),
  STOREFRONT_PUBLIC_DIR: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(DEFAULT_STOREFRONT_PUBLIC_DIR)
      .transform((dir) => path.resolve(dir)),
  ),
  // Prometheus metrics (decision 0118). Off unless one of these is set: GET /metrics on the API's
  // port answers only a request with `Authorization: Bearer <METRICS_TOKEN>`; METRICS_PORT opens
  // a listener of its own on METRICS_HOST (loopback by default) for a scraper on a private network.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .min(METRICS_TOKEN_MIN_LENGTH, {
        error: `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters long`,
      })
      .optional(),
  ),
  METRICS_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'METRICS_PORT must be a port number (1-65535)' })
      .int({ error: 'METRICS_PORT must be a port number (1-65535)' })
      .min(1, { error: 'METRICS_PORT must be a port number (1-65535)' })
      .max(65535, { error: 'METRICS_PORT must be a port number (1-65535)' })
      .optional(),
  ),
  METRICS_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  // How many sites get a series of their own in comptoir_site_requests_total; the others are
  // summed under site="other", so that a thousand sites never make a thousand series.
  METRICS_TOP_SITES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'METRICS_TOP_SITES must be a whole number (0-200)' })
      .int({ error: 'METRICS_TOP_SITES must be a whole number (0-200)' })
      .min(0, { error: 'METRICS_TOP_SITES must be a whole number (0-200)' })
      .max(200, { error: 'METRICS_TOP_SITES must be a whole number (0-200)' })
      .default(20),
  ),
  // Traces (decision 0118): sent over OTLP/HTTP (protobuf) to this collector when set, e.g.
  // http://127.0.0.1:4318; unset, nothing is traced and nothing leaves the process. Read by
  // tracing.ts before the app loads, under OpenTelemetry's own variable names.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/i, {
        error: (issue) =>
          `OTEL_EXPORTER_OTLP_ENDPOINT must be the collector's http(s) address (for example http://127.0.0.1:4318), not "${String(issue.input)}"`,
      })
      .optional(),
  ),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().trim().default('comptoir-api')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

/** Every setting the API reads from the environment, parsed; buildApp takes nothing else. */
export type Config = z.infer<typeof configSchema>;

/** Production mails must leave: the local outbox would keep reset links on the server's disk. */
export const PRODUCTION_WITHOUT_SMTP_MESSAGE =
  'SMTP_URL must be set when NODE_ENV=production (smtp:// or smtps:// URL of the mail server): without it, mails would only be kept in the local outbox.';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses an environment: the entry points (server.ts, db/seed-cli.ts) pass process.env, the
 * only places the API reads it; tests pass the variables they set. Every variable has a working default (see README).
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = configSchema
    .refine((config) => !config.S3_ENDPOINT || config.S3_BUCKET, {
      error: 'S3_BUCKET must be set with S3_ENDPOINT (the bucket that keeps the uploads)',
    })
    .refine((config) => !config.S3_ACCESS_KEY_ID === !config.S3_SECRET_ACCESS_KEY, {
      error: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    })
    .refine((config) => config.METRICS_PORT !== config.API_PORT, {
      error: 'METRICS_PORT must differ from API_PORT (the metrics listener is a port of its own)',
    })
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}.`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

/**
 * The configuration of a server that is about to take requests: loadConfig, and a production
 * server must be able to send its mails. (Tests build production apps that keep mails in the
 * outbox, to read them; the seed sends none.)
 */
export function loadServerConfig(env: Record<string, string | undefined>): Config {
  const config = loadConfig(env);
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new ConfigError(PRODUCTION_WITHOUT_SMTP_MESSAGE);
  }
  return config;
}
