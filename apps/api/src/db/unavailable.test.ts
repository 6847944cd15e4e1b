import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

/** A socket's error as Node makes it. */
function socketError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code} 127.0.0.1:5432`), { code, syscall });
}

/** A server's error as node-postgres parses it. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

const inQuery = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a session cut by a shutdown (57P01), in a query',
      inQuery(serverError('57P01', 'terminating connection due to administrator command')),
    ],
    [
      'a server starting up or shutting down (57P03)',
      serverError('57P03', 'the database system is starting up'),
    ],
    ['a lost connection (08006)', inQuery(serverError('08006', 'connection failure'))],
    ['a refused connection from the pool', socketError('ECONNREFUSED', 'connect')],
    ['a connection reset during the handshake', socketError('ECONNRESET', 'read')],
    [
      'a refused connection to every address of a host',
      Object.assign(
        new AggregateError([
          socketError('ECONNREFUSED', 'connect'),
          socketError('ECONNREFUSED', 'connect'),
        ]),
        { code: 'ECONNREFUSED' },
      ),
    ],
    ['a reset inside a query', inQuery(socketError('ECONNRESET', 'read'))],
    [
      '"Connection terminated unexpectedly" inside a query',
      inQuery(new Error('Connection terminated unexpectedly')),
    ],
    [
      'a client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['the pool waiting in vain', new Error('timeout exceeded when trying to connect')],
    [
      'pg-boss worker wording',
      new Error('Connection terminated unexpectedly (Queue: mail-delivery, Worker: 1)'),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', inQuery(serverError('23505', 'duplicate key value'))],
    ['a syntax error', inQuery(serverError('42601', 'syntax error'))],
    [
      'a refused fetch to another service (a carrier, Stripe)',
      new TypeError('fetch failed', { cause: socketError('ECONNREFUSED', 'connect') }),
    ],
    ['an error without a code', new Error('Something else')],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
