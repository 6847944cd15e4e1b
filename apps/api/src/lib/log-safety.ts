import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';

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

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogMethod = (...args: unknown[]) => void;
/** What a request's logger is built from: the server's pino logger. */
interface ParentLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/**
 * A request's logger, made when it first writes. Fastify gives every request a child of the
 * server's logger bound to its request id; with redaction on, pino's child() costs about a tenth
 * of an answer from a kept body (the bindings go through the redaction rules), for nothing when
 * the request logs no line at the level in force (LOG_LEVEL=warn: no line for a request that
 * succeeds). The child, once made, is pino's own, with the same bindings, options and redaction.
 */
class LazyRequestLogger {
  #made: FastifyBaseLogger | undefined;

  // Methods on the prototype, not closures per instance: a request that logs nothing allocates
  // one small object for its logger.
  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  private write(level: LogLevel, args: unknown[]): void {
    const target = this.#made ?? (this.parent.isLevelEnabled(level) ? this.made() : null);
    (target?.[level] as LogMethod | undefined)?.(...args);
  }

  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return (this.#made ?? this.parent).level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.#made
      ? (this.#made as ParentLogger).isLevelEnabled(level)
      : this.parent.isLevelEnabled(level);
  }

  silent(): void {}

  /** A child of the request's logger (rare): pino's own, of the request's pino child. */
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request's logger is made on its first line (see above). */
export const lazyRequestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  // Without a logger (tests), Fastify's stand-in has no levels to ask: its own child, as before.
  typeof (logger as Partial<ParentLogger>).isLevelEnabled === 'function'
    ? (new LazyRequestLogger(
        logger as ParentLogger,
        bindings,
        options,
      ) as unknown as FastifyBaseLogger)
    : logger.child(bindings, options);

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: the caller's `x-request-id` (a proxy's, the storefront's) when it is a plain
 * token, so that logs can be joined up, else a new UUID. Sent back in `x-request-id`.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}
