import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseUrl, describeOnPostgres, postgresServerUrl } from '../test/postgres';
import { createTestDatabase } from '../test/test-app';

/*
 * The API as it runs (src/server.ts in a process of its own, on PostgreSQL) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at a fake collector on 127.0.0.1: a request that carries
 * the storefront's trace context and request id comes back as spans of Fastify and pg in that
 * same trace, and nothing personal rides along.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Bodies posted to the fake collector's /v1/traces (OTLP/HTTP protobuf). */
const exports: Buffer[] = [];
let collector: Server;
let api: ChildProcess | undefined;
let apiPort = 0;
let dataDir = '';
let dropDatabase: () => Promise<void> = async () => {};

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForApi(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (api?.exitCode !== null) throw new Error(`The API stopped (${String(api?.exitCode)})`);
    const ready = await fetch(`http://127.0.0.1:${apiPort}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await sleep(200);
  }
  throw new Error('The API did not start');
}

/** Whether some export holds these bytes (a trace id, or a UTF-8 string field of a span). */
function exported(bytes: Buffer | string): boolean {
  const needle = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return exports.some((body) => body.includes(needle));
}

describeOnPostgres('traces over OTLP', () => {
  beforeAll(async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST' && request.url === '/v1/traces') {
          expect(request.headers['content-type']).toBe('application/x-protobuf');
          exports.push(Buffer.concat(chunks));
        }
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as AddressInfo).port;

    const { database, drop } = await createTestDatabase();
    const name = database.location.split('/')[1] ?? '';
    await database.close();
    dropDatabase = drop;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-tracing-'));
    apiPort = await freePort();
    api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl(postgresServerUrl ?? '', name),
        DATA_DIR: dataDir,
        API_PORT: String(apiPort),
        LOG_LEVEL: 'silent',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
        OTEL_SERVICE_NAME: 'comptoir-api-under-test',
        // Batches sent every 100 ms rather than 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForApi();
  }, 180_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => collector?.close(resolve));
    await dropDatabase();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("sends the spans of a request through Fastify and pg, in the caller's trace", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const requestId = `storefront-${randomBytes(6).toString('hex')}`;
    const secretSearch = 'someone@example.test';
    const response = await fetch(
      `http://127.0.0.1:${apiPort}/product?search=${encodeURIComponent(secretSearch)}`,
      {
        headers: {
          siteId: '92',
          traceparent: `00-${traceId}-${parentSpanId}-01`,
          'x-request-id': requestId,
        },
      },
    );
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await response.arrayBuffer();

    // The spans are sent in batches every 100 ms: pg's, which end first, may leave in one batch
    // and Fastify's request span in the next. Wait for the last one, the request's (its route).
    const trace = Buffer.from(traceId, 'hex');
    for (
      let attempt = 0;
      attempt < 100 && !(exported(trace) && exported(requestId) && exported('/product'));
      attempt += 1
    ) {
      await sleep(200);
    }
    const ofTheTrace = exports.filter((body) => body.includes(trace));
    expect(ofTheTrace.length).toBeGreaterThan(0);
    expect(exported('comptoir-api-under-test')).toBe(true);
    // Fastify's request span, named by its route template, with the request id.
    expect(exported('@fastify/otel')).toBe(true);
    expect(exported('/product')).toBe(true);
    expect(exported(requestId)).toBe(true);
    // pg's spans: the query text with its placeholders.
    expect(exported('pg.query:SELECT')).toBe(true);
    expect(exported('db.query.text')).toBe(true);
    expect(exported('from "sites" where "sites"."id" = $1')).toBe(true);
    // Never the query string (a back-office search by e-mail), never a value of a query.
    expect(exported(secretSearch)).toBe(false);
    expect(exported(encodeURIComponent(secretSearch))).toBe(false);
  }, 60_000);
});
