import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Keys whose values never reach the log, wherever a log call puts them (top level or one level
 * down): session cookies and tokens, passwords and their hashes, e-mail addresses and phones.
 */
const SECRET_KEYS = [
  'cookie',
  'authorization',
  'password',
  'passwordHash',
  'currentPassword',
  'newPassword',
  'token',
  'tokenHash',
  'email',
  'to',
  'replyTo',
  'recipient',
  'phone',
];

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** Database error fields that describe the failure without quoting the rows' values. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/** Path segments that look like link secrets (32+ base64url characters) and e-mail addresses. */
const SECRET_IN_URL = /[A-Za-z0-9_-]{32,}|[^/?&=\s]+@[^/?&=\s]+/g;

export function maskUrl(url: string): string {
  return url.replace(SECRET_IN_URL, '[redacted]');
}

function isDrizzleQueryError(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && 'params' in error;
}

/**
 * An error as the log may hold it: its type, message, stack, database code and constraint, and
 * its causes, but never the parameters of a failed query (drizzle puts them in the message) nor
 * the database's `detail`, which quotes the offending row (an e-mail, a password hash…).
 */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  // Drizzle's message is `Failed query: <sql>\nparams: <values>`; the driver's own is kept.
  const message =
    isDrizzleQueryError(error) && error.message.startsWith('Failed query:')
      ? `Failed query: ${error.query} (parameters not logged)`
      : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SafeError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_DATABASE_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (typeof record.statusCode === 'number') serialized.statusCode = record.statusCode;
  if (error.cause !== undefined && depth < 3) serialized.cause = safeError(error.cause, depth + 1);
  return serialized;
}

/** pino options every logger of the API gets: redaction, and the safe serializers above. */
export function safeLoggerOptions() {
  return {
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: (error: unknown) => safeError(error),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** The caller's logger option with the safe options underneath (false stays false). */
export function withSafeLogging(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const safe = safeLoggerOptions();
  if (logger === true) return safe;
  return {
    ...safe,
    ...logger,
    serializers: { ...safe.serializers, ...(logger.serializers ?? {}) },
    redact: safe.redact,
  } as FastifyServerOptions['logger'];
}
