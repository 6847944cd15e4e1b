import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPgBossJobRunner, type JobsDatabaseOutage } from '../lib/pg-boss-jobs';
import type { JobRunner } from '../lib/jobs';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../plugins/database';
import { registerCustomer, RELAXED_AUTH_LIMITS } from '../test/accounts';
import { makeTestProduct, type CartVisitor } from '../test/carts';
import { siteRequest } from '../test/http';
import { guestCart, homeCarrierId, homeDeliveryBody, placeOrder } from '../test/orders';
import { migrateAndSeed } from '../test/pglite-template';
import { databaseUrl, onServer } from '../test/postgres';
import { findPostgresBinaries, TestPostgresCluster } from '../test/postgres-cluster';
import { freePort } from '../test/redis-server';
import { openDatabase, type Database } from './client';
import { declinations, orders } from './schema';

/*
 * Issue 32, item 3: PostgreSQL stops during traffic and starts again (decision 0116). The API runs
 * on a cluster of this test's own (initdb in a temporary folder, a free port), with its jobs on
 * pg-boss as in production. While the server is down, every request that needs it answers 503 in
 * French, never another 5xx, and nothing crashes the process; once it is back, the pool
 * reconnects by itself, orders retried with their Idempotency-Key are placed once, and the jobs
 * resume without running twice. The shared server on 5432 is never touched.
 */

const SITE = 92;
const bin = findPostgresBinaries();
if (!bin) {
  console.warn(
    'postgres-restart.faults.test.ts skipped: no PostgreSQL binaries in /usr/lib/postgresql/<version>/bin (set PG_BIN_DIR)',
  );
}
const cluster = bin ? new TestPostgresCluster(await freePort(), bin) : undefined;

interface LogLine {
  level: number;
  msg: string;
}
const logLines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n')) {
      if (text.trim() !== '') logLines.push(JSON.parse(text) as LogLine);
    }
    done();
  },
});
const linesSaying = (start: string) => logLines.filter((line) => line.msg.startsWith(start));

let database: Database;
let url: string;
let jobs: JobRunner & { boss: unknown };
let app: FastifyInstance;
let dataDir: string;
const jobErrors: { name: string; error: unknown }[] = [];
const jobOutages: JobsDatabaseOutage[] = [];
/** Unhandled rejections and uncaught exceptions: each would stop a production API. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** How long the cluster of this test takes to make, for CI's budget. */
const setup = { clusterMs: 0, seededMs: 0, jobsMs: 0, totalMs: 0 };

/** A promise settled from outside (Promise.withResolvers is Node 22). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A job whose one run is under way when the server stops, and ends during the outage. */
const held = { runs: 0, started: deferred(), release: deferred() };
/** A job of every second: its runs stop with the server and resume with it. */
const beats: number[] = [];

beforeAll(async () => {
  if (!cluster) return;
  process.on('unhandledRejection', onUnhandled);
  // Watched, not handled: vitest still reports an uncaught exception as a failure of the run.
  process.on('uncaughtExceptionMonitor', onUnhandled);
  vi.spyOn(console, 'error');
  const began = Date.now();
  await cluster.create();
  await cluster.start();
  setup.clusterMs = Date.now() - began;
  await onServer(cluster.serverUrl, (client) => client.query('CREATE DATABASE comptoir'));
  url = databaseUrl(cluster.serverUrl, 'comptoir');
  database = await openDatabase({ databaseUrl: url });
  await migrateAndSeed(database);
  setup.seededMs = Date.now() - began - setup.clusterMs;
  jobs = await createPgBossJobRunner({
    connectionString: url,
    onError: (name, error) => jobErrors.push({ name, error }),
    onDatabaseOutage: (change) => jobOutages.push(change),
    pollingIntervalSeconds: 0.5,
  });
  setup.jobsMs = Date.now() - began - setup.clusterMs - setup.seededMs;
  jobs.every('fault-held', 60_000, async () => {
    held.runs += 1;
    held.started.resolve();
    await held.release.promise;
  });
  jobs.every('fault-beat', 1_000, async () => {
    beats.push(Date.now());
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-pg-restart-data-'));
  app = buildApp({
    database,
    config: loadConfig({ DATA_DIR: dataDir }),
    jobs,
    authLimits: RELAXED_AUTH_LIMITS,
    logger: { level: 'info', stream: logStream },
  });
  await app.ready();
  setup.totalMs = Date.now() - began;
}, 60_000);

afterAll(async () => {
  held.release.resolve();
  // The app stops the jobs as it closes; again here in case it was never built.
  await app?.close();
  await jobs?.stop();
  await database?.close();
  await cluster?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtExceptionMonitor', onUnhandled);
  vi.restoreAllMocks();
});

/** Every answer while the server is down, for the figures and the checks. */
const outage = {
  requests: 0,
  refused: 0,
  served: 0,
  otherServerErrors: [] as string[],
  unreadable: [] as string[],
};

function noteDuringOutage(label: string, response: LightMyRequestResponse): void {
  outage.requests += 1;
  if (response.statusCode === 503) {
    outage.refused += 1;
    // /ready's 503 names the engine for the load balancer; every other 503 speaks French.
    const message = (response.json() as { message: string }).message;
    const expected =
      label === 'GET /ready' ? 'Does not answer: database.' : DATABASE_UNAVAILABLE_MESSAGE;
    if (message !== expected) outage.unreadable.push(`${label}: ${message}`);
  } else if (response.statusCode >= 500) {
    outage.otherServerErrors.push(`${label}: ${response.statusCode} ${response.body}`);
  } else {
    outage.served += 1;
  }
}

/** One round of the visitors' traffic: the catalogue, a new cart, a wrong password, the settings. */
function trafficRound(round: number, email: string) {
  const ip = `10.116.${Math.floor(round / 200)}.${round % 200}`;
  return [
    ['GET /product', siteRequest(app, SITE, { method: 'GET', url: '/product?nbItem=12' })],
    [
      'POST /cart',
      siteRequest(app, SITE, {
        method: 'POST',
        url: '/cart',
        remoteAddress: ip,
        payload: { type: 'MAIN_CART' },
      }),
    ],
    [
      'POST /login',
      siteRequest(app, SITE, {
        method: 'POST',
        url: '/login',
        remoteAddress: ip,
        payload: { email, password: 'Mauvais2026' },
      }),
    ],
    ['GET /parameter', siteRequest(app, SITE, { method: 'GET', url: '/parameter' })],
  ] as const;
}

/**
 * Waits (2 s at most) until a session of the API is inside a transaction that writes an order,
 * as seen from a connection of the test's own; false if none was seen.
 */
async function untilAnOrderIsInItsTransaction(): Promise<boolean> {
  return onServer(url, async (client) => {
    for (const started = Date.now(); Date.now() - started < 2_000;) {
      const found = await client.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and xact_start is not null and state in ('idle in transaction', 'active')
            and query ~* '(insert into "orders"|update "declinations"|insert into "order_)'`,
      );
      if (found.rowCount) return true;
      await sleep(1);
    }
    return false;
  });
}

/** pg-boss's rows of a queue: each job's state and how often it was tried again. */
async function jobsNamed(name: string): Promise<{ state: string; retry_count: number }[]> {
  const result = await onServer(url, (client) =>
    client.query<{ state: string; retry_count: number }>(
      'select state, retry_count from pgboss.job where name = $1',
      [name],
    ),
  );
  return result.rows;
}

const ORDERS = 6;
const QUANTITY = 2;

describe.skipIf(!cluster)('PostgreSQL stops during traffic, then starts again', () => {
  let customerEmail: string;
  let wine: { declinationId: number };
  let visitors: { visitor: CartVisitor; body: Record<string, unknown>; key: string }[];
  const stockBefore = 500;
  const firstAnswers: LightMyRequestResponse[] = [];
  let stoppedAt = 0;

  it('serves as usual while the server answers, its jobs running on pg-boss', async () => {
    customerEmail = (await registerCustomer(app, SITE)).email;
    wine = await makeTestProduct(database, SITE, { priceCents: 1500 });
    await database.db
      .update(declinations)
      .set({ stock: stockBefore })
      .where(eq(declinations.id, wine.declinationId));
    visitors = [];
    for (let index = 0; index < ORDERS; index += 1) {
      const visitor = await guestCart(app, [[wine, QUANTITY]]);
      const carrierId = await homeCarrierId(app, visitor);
      visitors.push({
        visitor,
        body: homeDeliveryBody(visitor, carrierId),
        key: `panne-pg-${Date.now()}-${index}`,
      });
    }
    const answers = await Promise.all(trafficRound(0, customerEmail).map(([, answer]) => answer));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200]);
    expect((await siteRequest(app, SITE, { method: 'GET', url: '/ready' })).statusCode).toBe(200);
    // The held job runs; the beat has run at least once.
    await held.started.promise;
    for (const started = Date.now(); beats.length === 0;) {
      expect(Date.now() - started).toBeLessThan(10_000);
      await sleep(100);
    }
    console.log(
      `[faults] PostgreSQL cluster of the test's own: initdb and start ${setup.clusterMs} ms, ` +
        `migrations and seed ${setup.seededMs} ms, pg-boss started ${setup.jobsMs} ms, ` +
        `API and jobs ready after ${setup.totalMs} ms in all`,
    );
  });

  it('answers 503 in French while the server is down, never another 5xx, and does not crash', async () => {
    // Half the orders are on their way when the server stops: the stop waits until one of them
    // is inside its transaction, so that it is cut there and rolled back.
    const cut = visitors
      .slice(0, ORDERS / 2)
      .map(({ visitor, body, key }) => placeOrder(app, visitor, body, key));
    const caughtInTransaction = await untilAnOrderIsInItsTransaction();
    await cluster!.stop('fast');
    stoppedAt = Date.now();
    const beatsAtStop = beats.length;
    firstAnswers.push(...(await Promise.all(cut)));
    firstAnswers.forEach((answer) => noteDuringOutage('POST /order (cut)', answer));
    // The held job's run ends while the server is down: its outcome waits for the server.
    held.release.resolve();

    // The other half is tried during the outage.
    for (const { visitor, body, key } of visitors.slice(ORDERS / 2)) {
      const answer = await placeOrder(app, visitor, body, key);
      firstAnswers.push(answer);
      noteDuringOutage('POST /order', answer);
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
    }
    // Two seconds of visitors' traffic, and the load balancer asking /ready.
    for (let round = 1; Date.now() - stoppedAt < 2_000; round += 1) {
      const calls = trafficRound(round, customerEmail);
      const answers = await Promise.all(calls.map(([, answer]) => answer));
      answers.forEach((answer, index) => noteDuringOutage(calls[index]![0], answer));
      const ready = await siteRequest(app, SITE, { method: 'GET', url: '/ready' });
      noteDuringOutage('GET /ready', ready);
      expect(ready.statusCode).toBe(503);
      await sleep(100);
    }
    const outageMs = Date.now() - stoppedAt;

    expect(outage.otherServerErrors).toEqual([]);
    expect(outage.unreadable).toEqual([]);
    expect(outage.refused).toBeGreaterThan(ORDERS / 2);
    expect(unhandled).toEqual([]);
    // No job ran while the server was down.
    expect(beats.length).toBe(beatsAtStop);
    // The operator reads one line for the outage, whatever the number of requests refused.
    expect(linesSaying('PostgreSQL does not answer')).toHaveLength(1);
    expect(linesSaying('Unhandled error')).toEqual([]);
    expect(jobOutages.filter((change) => change.down)).toHaveLength(1);
    expect(jobErrors).toEqual([]);
    console.log(
      `[faults] PostgreSQL down (pg_ctl stop -m fast): ${outage.requests} requests in ${outageMs} ms, ` +
        `${outage.refused} answered 503 in French (/ready included), ${outage.served} served, ` +
        `${outage.otherServerErrors.length} other 5xx; orders on their way at the stop${caughtInTransaction ? ' (one inside its transaction)' : ''}: ` +
        firstAnswers
          .slice(0, ORDERS / 2)
          .map((answer) => answer.statusCode)
          .join('/'),
    );
  });

  it('reconnects by itself once the server is back, places each retried order once, and resumes the jobs once', async () => {
    await cluster!.start();
    const startedAt = Date.now();
    // Recovered when a request that needs the database answers as designed, with the same app.
    let probes = 0;
    for (;;) {
      const answer = await siteRequest(app, SITE, {
        method: 'POST',
        url: '/login',
        payload: { email: customerEmail, password: 'Mauvais2026' },
      });
      probes += 1;
      if (answer.statusCode === 401) break;
      expect(answer.statusCode).toBe(503);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      await sleep(20);
    }
    const recoveryMs = Date.now() - startedAt;
    expect((await siteRequest(app, SITE, { method: 'GET', url: '/ready' })).statusCode).toBe(200);
    const answers = await Promise.all(
      trafficRound(9_000, customerEmail).map(([, answer]) => answer),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 200]);

    // Every order retried with its key: one order per key, the stock taken once per order.
    const placed = [];
    for (const { visitor, body, key } of visitors) {
      const answer = await placeOrder(app, visitor, body, key);
      expect(answer.statusCode, answer.body).toBe(200);
      placed.push((answer.json() as { data: { id: number } }).data.id);
    }
    expect(new Set(placed).size).toBe(ORDERS);
    for (const [index, first] of firstAnswers.entries()) {
      if (first.statusCode === 200) {
        expect((first.json() as { data: { id: number } }).data.id).toBe(placed[index]);
      }
    }
    const cartIds = visitors.map(({ visitor }) => visitor.cart.id);
    const [{ ordersOfCarts }] = (await database.db
      .select({ ordersOfCarts: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.cartId, cartIds))) as [{ ordersOfCarts: number }];
    expect(ordersOfCarts).toBe(ORDERS);
    const [declination] = await database.db
      .select({ stock: declinations.stock })
      .from(declinations)
      .where(eq(declinations.id, wine.declinationId));
    expect(declination!.stock).toBe(stockBefore - ORDERS * QUANTITY);

    // The jobs: the beat runs again; the held run's outcome is recorded, so it never runs again.
    for (const waited = Date.now(); ;) {
      const heldJobs = await jobsNamed('fault-held');
      const resumed = beats.some((at) => at >= startedAt);
      if (resumed && heldJobs.every((job) => job.state === 'completed')) {
        expect(heldJobs).toEqual([{ state: 'completed', retry_count: 0 }]);
        break;
      }
      expect(Date.now() - waited).toBeLessThan(10_000);
      await sleep(100);
    }
    const jobsResumedMs = beats.find((at) => at >= startedAt)! - startedAt;
    expect(held.runs).toBe(1);
    // Each beat job ran once: as many runs as jobs completed, none retried, none left active.
    const beatJobs = await jobsNamed('fault-beat');
    const completed = beatJobs.filter((job) => job.state === 'completed');
    expect(beatJobs.filter((job) => !['completed', 'created'].includes(job.state))).toEqual([]);
    expect(completed.every((job) => job.retry_count === 0)).toBe(true);
    expect(beats.length).toBe(completed.length);

    // One line each way for the operator: the requests' outage and the jobs'.
    await vi.waitFor(() => expect(linesSaying('PostgreSQL answers again')).toHaveLength(1), {
      timeout: 5_000,
    });
    expect(linesSaying('PostgreSQL does not answer')).toHaveLength(1);
    expect(jobOutages.map((change) => change.down)).toEqual([true, false]);
    expect(jobErrors).toEqual([]);
    expect(unhandled).toEqual([]);
    // The pool's idle connections cut by the stop: one line, not one per connection.
    const idleCuts = vi
      .mocked(console.error)
      .mock.calls.filter(([line]) => String(line).startsWith('PostgreSQL closed the idle'));
    expect(idleCuts.length).toBeLessThanOrEqual(1);
    console.log(
      `[faults] PostgreSQL back: requests answered again ${recoveryMs} ms after it accepted connections ` +
        `(${probes} requests meanwhile; outage ${startedAt - stoppedAt} ms in all), same API process, ` +
        `${ORDERS} orders retried with their Idempotency-Key placed once each (stock ${stockBefore} → ` +
        `${declination!.stock}), jobs resumed ${jobsResumedMs} ms after it accepted connections, the held run recorded once, ${beats.length} beats for ` +
        `${completed.length} jobs`,
    );
  });
});
