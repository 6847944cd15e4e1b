import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRequestLoggerFactory, withSafeLogging } from './log-safety';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});
afterEach(() => {
  lines.length = 0;
});

/** A server with the API's logger settings, at `level`, and a route that logs what it is told. */
function serverAt(level: string) {
  const app = Fastify({
    logger: withSafeLogging({ level, stream }),
    childLoggerFactory: lazyRequestLoggerFactory,
  });
  let madeChildren = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    madeChildren += 1;
    return child(...args);
  };
  app.get('/quiet', async () => 'ok');
  app.get('/warns', async (request) => {
    request.log.warn({ password: 'secret', detail: 'kept' }, 'a warning');
    request.log.info('an info line');
    return 'ok';
  });
  return { app, madeChildren: () => madeChildren };
}

describe('lazyRequestLoggerFactory', () => {
  it('makes no child logger for a request that writes no line', async () => {
    const { app, madeChildren } = serverAt('warn');
    const answer = await app.inject({ url: '/quiet' });
    expect(answer.statusCode).toBe(200);
    expect(madeChildren()).toBe(0);
    expect(lines).toEqual([]);
  });

  it('writes the lines of the level in force with the request id, redacted as before', async () => {
    const { app, madeChildren } = serverAt('warn');
    const answer = await app.inject({ url: '/warns', headers: { 'x-request-id': 'abc' } });
    expect(answer.statusCode).toBe(200);
    expect(madeChildren()).toBe(1);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 40, msg: 'a warning', detail: 'kept' });
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.password).toBe('[redacted]');
  });

  it('writes every level from the one in force, from the same child', async () => {
    const { app, madeChildren } = serverAt('info');
    await app.inject({ url: '/warns' });
    // Fastify's own lines (incoming request, request completed) are info lines of the same child.
    expect(madeChildren()).toBe(1);
    const written = lines.map((text) => JSON.parse(text) as { msg: string; reqId: string });
    expect(written.map((line) => line.msg)).toEqual([
      'incoming request',
      'a warning',
      'an info line',
      'request completed',
    ]);
    expect(new Set(written.map((line) => line.reqId)).size).toBe(1);
  });
});
