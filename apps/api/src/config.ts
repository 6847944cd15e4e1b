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

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

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
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
});

export type Config = z.infer<typeof configSchema>;

/** Production mails must leave: the local outbox would keep reset links on the server's disk. */
export const PRODUCTION_WITHOUT_SMTP_MESSAGE =
  'SMTP_URL must be set when NODE_ENV=production (smtp:// or smtps:// URL of the mail server): without it, mails would only be kept in the local outbox.';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; every variable has a working default (see README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}.`);
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SMTP_URL) {
    throw new ConfigError(PRODUCTION_WITHOUT_SMTP_MESSAGE);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
