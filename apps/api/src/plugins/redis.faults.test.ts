import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AuthLimits } from '../lib/rate-limits';
import {
  registerCustomer,
  RELAXED_AUTH_LIMITS,
  TEST_PASSWORD,
  uniqueEmail,
} from '../test/accounts';
import { siteRequest } from '../test/http';
import { freePort, TestRedisServer } from '../test/redis-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { connectedRedisClient } from './redis';

/*
 * Issue 32, item 1: the Redis every instance shares stops during traffic and starts again. Two
 * API instances on one database and one redis-server of this test's own. While Redis is down,
 * limits and counters are kept by each process (decision 0113): login, carts and mails answer as
 * designed, never a 5xx, one warning line per instance for the whole outage, /ready names Redis.
 * Once it is back, the counts are shared again.
 */

const HOUR = 3_600_000;
const LIMITS: Partial<AuthLimits> = {
  ...RELAXED_AUTH_LIMITS,
  loginFailuresPerAccountAndIp: { max: 3, timeWindowMs: HOUR },
  passwordResetAskPerIp: { max: 3, timeWindowMs: HOUR },
  mailsPerRecipient: { max: 2, timeWindowMs: HOUR },
  newCartsPerIp: { max: 3, timeWindowMs: HOUR },
};

interface LogLine {
  level: number;
  msg: string;
}

/** Fastify's log lines of one instance, parsed. */
function capturedLog(): { lines: LogLine[]; stream: Writable } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) {
        if (text.trim() !== '') lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
  return { lines, stream };
}

const WARN = 40;
const warningsOf = (lines: LogLine[], from: number) =>
  lines
    .slice(from)
    .filter((line) => line.level >= WARN)
    .map((line) => line.msg);

const redisServer = new TestRedisServer(await freePort());
const hasRedisServer = existsSync(redisServer.binary);
if (!hasRedisServer) console.warn(`redis.faults.test.ts skipped: no ${redisServer.binary}`);
const keyPrefix = `comptoir-test:${randomBytes(4).toString('hex')}:`;
const firstLog = capturedLog();
const secondLog = capturedLog();
let first: TestApp;
let second: FastifyInstance;

/** Every answer of the outage, for the figures. */
const outage = { requests: 0, serverErrors: 0, statuses: new Map<string, number[]>() };

async function during(
  label: string,
  app: FastifyInstance,
  request: Parameters<typeof siteRequest>[2],
): Promise<LightMyRequestResponse> {
  const response = await siteRequest(app, 91, request);
  outage.requests += 1;
  // /ready's 503 is its designed answer (the load balancer's signal), not a visitor's error.
  if (response.statusCode >= 500 && label !== 'GET /ready') outage.serverErrors += 1;
  outage.statuses.set(label, [...(outage.statuses.get(label) ?? []), response.statusCode]);
  return response;
}

/** "200/200/429", or "40×200" for a long run of one status. */
function summary(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return statuses.length <= 4
    ? statuses.join('/')
    : [...counts].map(([status, times]) => `${times}×${status}`).join(' ');
}

const login = (app: FastifyInstance, ip: string, email: string, password: string) =>
  siteRequest(app, 91, {
    method: 'POST',
    url: '/login',
    remoteAddress: ip,
    payload: { email, password },
  });
const openCart = (app: FastifyInstance, ip: string) =>
  siteRequest(app, 91, {
    method: 'POST',
    url: '/cart',
    remoteAddress: ip,
    payload: { type: 'MAIN_CART' },
  });
const askReset = (app: FastifyInstance, ip: string, email: string) =>
  siteRequest(app, 91, {
    method: 'PUT',
    url: '/password/reset/ask',
    remoteAddress: ip,
    payload: { email },
  });

beforeAll(async () => {
  if (!hasRedisServer) return;
  await redisServer.start();
  const env = { REDIS_URL: redisServer.url };
  first = await createTestApp({
    env,
    authLimits: LIMITS,
    redisKeyPrefix: keyPrefix,
    logger: { level: 'info', stream: firstLog.stream },
  });
  second = buildApp({
    database: first.database,
    config: loadConfig({ ...env, DATA_DIR: process.env.TMPDIR ?? '/tmp' }),
    authLimits: LIMITS,
    redisKeyPrefix: keyPrefix,
    logger: { level: 'info', stream: secondLog.stream },
  });
  await Promise.all([first.app.ready(), second.ready()]);
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await redisServer.stop();
});

describe.skipIf(!hasRedisServer)('Redis stops during traffic, then starts again', () => {
  let customer: { email: string };

  it('counts in Redis while it answers', async () => {
    customer = await registerCustomer(first.app, 91);
    expect((await siteRequest(first.app, 91, { method: 'GET', url: '/ready' })).statusCode).toBe(
      200,
    );
    expect(first.app.sharedCounters.state).toBe('shared');
  });

  it('keeps answering as designed while Redis is down, with one warning line per instance', async () => {
    const firstFrom = firstLog.lines.length;
    const secondFrom = secondLog.lines.length;
    await redisServer.stop();
    const stoppedAt = Date.now();

    // Wrong passwords from one address: 401 until its lockout, then 429; the right password from
    // elsewhere still logs in.
    const wrong: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      wrong.push(
        (
          await during('login (wrong)', first.app, {
            method: 'POST',
            url: '/login',
            remoteAddress: '10.32.0.1',
            payload: { email: customer.email, password: 'Mauvais2026' },
          })
        ).statusCode,
      );
    }
    expect(wrong).toEqual([401, 401, 401, 429]);
    const right = await during('login (right)', first.app, {
      method: 'POST',
      url: '/login',
      remoteAddress: '10.32.0.2',
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(200);

    // New carts of one address: 3, then 429.
    const carts: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      carts.push(
        (
          await during('POST /cart', first.app, {
            method: 'POST',
            url: '/cart',
            remoteAddress: '10.32.0.3',
            payload: { type: 'MAIN_CART' },
          })
        ).statusCode,
      );
    }
    expect(carts).toEqual([200, 200, 200, 429]);

    // Mails to one address, asked from several: 2, then 429 (the per-recipient limit).
    const recipient = uniqueEmail('panne');
    const mails: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      mails.push(
        (
          await during('mail-limited reset ask', first.app, {
            method: 'PUT',
            url: '/password/reset/ask',
            remoteAddress: `10.32.1.${attempt}`,
            payload: { email: recipient },
          })
        ).statusCode,
      );
    }
    expect(mails).toEqual([200, 200, 429]);

    // Reset asks of one address to several recipients: 3, then 429 (the per-address rate limit).
    const asks: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      asks.push(
        (
          await during('rate-limited reset ask', first.app, {
            method: 'PUT',
            url: '/password/reset/ask',
            remoteAddress: '10.32.0.4',
            payload: { email: uniqueEmail('rafale') },
          })
        ).statusCode,
      );
    }
    expect(asks).toEqual([200, 200, 200, 429]);

    // Pages' data still answers; /ready says which engine is missing.
    expect(
      (await during('GET /parameter', first.app, { method: 'GET', url: '/parameter' })).statusCode,
    ).toBe(200);
    for (let poll = 0; poll < 3; poll += 1) {
      const ready = await during('GET /ready', first.app, { method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe('Does not answer: redis.');
    }
    // Then three seconds of steady traffic: ioredis tries to reconnect many times meanwhile, and
    // none of its attempts nor of the requests adds a line.
    for (let round = 0; Date.now() - stoppedAt < 3_000; round += 1) {
      const ip = `10.33.${Math.floor(round / 200)}.${round % 200}`;
      const answers = await Promise.all([
        during('stream: login', first.app, {
          method: 'POST',
          url: '/login',
          remoteAddress: ip,
          payload: { email: customer.email, password: round % 2 ? TEST_PASSWORD : 'Mauvais2026' },
        }),
        during('stream: POST /cart', first.app, {
          method: 'POST',
          url: '/cart',
          remoteAddress: ip,
          payload: { type: 'MAIN_CART' },
        }),
        during('stream: GET /parameter', first.app, { method: 'GET', url: '/parameter' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([round % 2 ? 200 : 401, 200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const outageMs = Date.now() - stoppedAt;

    expect(outage.serverErrors).toBe(0);
    expect(first.app.sharedCounters.state).toBe('local');
    // One warning for the outage, one for /ready's first 503 (not one per poll, not per request).
    expect(warningsOf(firstLog.lines, firstFrom)).toEqual([
      'Redis does not answer: limits and counters are kept by this process until it is back',
      'Not ready',
    ]);
    // The idle instance reports the outage once too (its connection's retries say nothing more).
    expect(warningsOf(secondLog.lines, secondFrom)).toEqual([
      'Redis does not answer: limits and counters are kept by this process until it is back',
    ]);
    console.log(
      `[faults] Redis down: ${outage.requests} requests in ${outageMs} ms, ${outage.serverErrors} answered 5xx; ` +
        [...outage.statuses].map(([label, statuses]) => `${label} ${summary(statuses)}`).join('; '),
    );
  });

  it('shares the counts again once Redis is back', async () => {
    await redisServer.start();
    const restartedAt = Date.now();
    // Recovered: both instances' /ready answer 200 (ioredis reconnects by itself).
    const readyAgain = async (app: FastifyInstance) => {
      for (;;) {
        const ready = await siteRequest(app, 91, { method: 'GET', url: '/ready' });
        if (ready.statusCode === 200) return Date.now() - restartedAt;
        expect(ready.statusCode).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const recovery = await Promise.all([readyAgain(first.app), readyAgain(second)]);

    // Two carts on one instance, one on the other, from one address: the limit (3) is met only
    // if both count in the same place.
    const ip = '10.32.0.9';
    expect((await openCart(first.app, ip)).statusCode).toBe(200);
    expect((await openCart(first.app, ip)).statusCode).toBe(200);
    expect((await openCart(second, ip)).statusCode).toBe(200);
    expect((await openCart(second, ip)).statusCode).toBe(429);
    expect((await openCart(first.app, ip)).statusCode).toBe(429);
    expect(first.app.sharedCounters.state).toBe('shared');
    expect(second.sharedCounters.state).toBe('shared');

    // Login failures and the per-address rate limit are in Redis again too.
    expect((await login(first.app, '10.32.0.10', customer.email, 'Mauvais2026')).statusCode).toBe(
      401,
    );
    expect((await askReset(second, '10.32.0.10', uniqueEmail('retour'))).statusCode).toBe(200);
    const redis = await connectedRedisClient(redisServer.url, '');
    try {
      expect(await redis.keys(`${keyPrefix}quota:new-cart:*`)).toHaveLength(1);
      expect(await redis.keys(`${keyPrefix}failures:login-account-ip:*10.32.0.10`)).toHaveLength(1);
      expect((await redis.keys(`${keyPrefix}rate-limit:*10.32.0.10`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
    // One note per instance when it is back, with the outage's length.
    for (const { lines } of [firstLog, secondLog]) {
      const notes = lines.filter((line) => line.msg.startsWith('Redis answers again'));
      expect(notes).toHaveLength(1);
    }
    console.log(
      `[faults] Redis back: /ready 200 after ${recovery.join(' ms and ')} ms (two instances); ` +
        'new carts, login failures and per-address limits counted in Redis again',
    );
  });

  it('answers within the command timeout when Redis hangs, and shares again once it runs', async () => {
    const from = firstLog.lines.length;
    redisServer.freeze();
    const durations: number[] = [];
    const statuses: number[] = [];
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const started = Date.now();
        const response = await login(
          first.app,
          `10.34.0.${attempt}`,
          customer.email,
          TEST_PASSWORD,
        );
        durations.push(Date.now() - started);
        statuses.push(response.statusCode);
      }
      const ready = await siteRequest(first.app, 91, { method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
    } finally {
      redisServer.thaw();
    }
    const thawedAt = Date.now();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The first waits for the command timeout (500 ms), the next ones go to the process at once.
    expect(Math.max(...durations)).toBeLessThan(2_000);
    expect(first.app.sharedCounters.state).toBe('local');
    // Running again: the next try of Redis (within 2 s) finds it and the counts are shared again.
    let probes = 0;
    while (first.app.sharedCounters.state !== 'shared') {
      expect(Date.now() - thawedAt).toBeLessThan(10_000);
      await login(first.app, '10.34.1.1', uniqueEmail('sonde'), 'Mauvais2026');
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveryMs = Date.now() - thawedAt;
    expect(
      warningsOf(firstLog.lines, from).filter((message) => message.startsWith('Redis')),
    ).toHaveLength(1);
    console.log(
      `[faults] Redis hung (SIGSTOP): 6 logins answered 200 in ${durations.join('/')} ms, 0 answered 5xx; ` +
        `shared again ${recoveryMs} ms after it ran again (${probes} requests meanwhile)`,
    );
  });
});
