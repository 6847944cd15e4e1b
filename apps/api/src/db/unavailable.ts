import { DrizzleQueryError } from 'drizzle-orm';

/**
 * PostgreSQL's error codes that mean "the server is not there", not "this query is wrong": the
 * class 08 connection exceptions, and 57P01–57P03 (a session cut by a shutdown, a crash, or a
 * server not ready yet to take connections: starting up or shutting down).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * The socket's own errors when the server is gone or cannot be reached. Other engines' clients
 * (a carrier's API, Stripe) meet them too, so they count only where the database's driver met
 * them: inside a drizzle query error, or bare, as the pool's connect() rejects (another client's
 * wraps them: fetch's TypeError, nodemailer's and the AWS SDK's own errors).
 */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres' own messages for a connection lost or never made, which carry no code: the
 * server closed the socket ("Connection terminated unexpectedly", "Connection terminated"), a
 * client broken earlier ("Client has encountered a connection error and is not queryable"), or
 * the pool waiting for a connection in vain ("timeout exceeded when trying to connect").
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
];

interface ErrorLink {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/**
 * A socket's own error, alone or for each address of a host (AggregateError): what the pool's
 * connect() rejects with when the server refuses the connection or cuts it during the handshake.
 */
function isSocketFailure(link: ErrorLink): boolean {
  if (Array.isArray(link.errors) && link.errors.length > 0) {
    return link.errors.every((inner) => isSocketFailure(inner as ErrorLink));
  }
  return (
    typeof link.code === 'string' &&
    UNAVAILABLE_SOCKET_CODES.has(link.code) &&
    typeof link.syscall === 'string'
  );
}

/**
 * Whether an error means the database server does not answer (stopped, restarting, unreachable)
 * rather than a fault of the query, wherever drizzle or pg-boss wrap it (their `cause`). A
 * transaction's connection is taken from the pool outside drizzle's wrapping: its failure comes
 * as the socket's error itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error && isSocketFailure(error as ErrorLink)) return true;
  let inDriverQuery = false;
  for (let link = error as ErrorLink | undefined, depth = 0; link && depth < 8; depth += 1) {
    if (typeof link.code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(link.code)) return true;
      if (inDriverQuery && UNAVAILABLE_SOCKET_CODES.has(link.code)) return true;
    }
    const message = link.message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((known) => known.test(message))) {
      return true;
    }
    if (link instanceof DrizzleQueryError) inDriverQuery = true;
    link = link.cause as ErrorLink | undefined;
  }
  return false;
}
