/**
 * The production layout of docs/deploy.md on one machine, started and stopped by one call: two
 * API instances and two storefronts (built first: `npm run build -w @comptoir/web`) on a fresh
 * PostgreSQL database, one Redis and a fake S3 server (s3rver), each pair behind a small
 * round-robin proxy that, like a load balancer, takes an instance out of rotation when its /ready
 * fails and tries the other one when a connection fails before any answer. Used by
 * `npm run test:scale` (test-scale.ts, scale-crash.ts) and `npm run bench:soak` (bench/soak.ts).
 *
 * Ports: the API proxy listens on `proxyPort` and its instances on the next two ports; the
 * storefront proxy on `webProxyPort` and its instances on the next two (4470 → 4471, 4472 and
 * 3470 → 3471, 3472 by default), so that two runs on one machine only need other proxy ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startFakeS3 } from '../src/test/fake-s3';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN_PASSWORD = 'Echelle-2026-demo';
export const ADMIN_EMAIL = 'admin@atelier-clemence.fr';
export const SHOP_ADMIN_EMAIL = 'admin@domaine-trois-coteaux.fr';

export async function adminQuery(
  connectionString: string,
  statement: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

// ---- the instances --------------------------------------------------------------------------

export interface Instance {
  kind: 'api' | 'web';
  port: number;
  process: ChildProcess;
  exited: Promise<number>;
}

/**
 * The Node flags of a workspace's `npm start` (`tsx <flags> <entry>`: the heap settings of
 * decision 0132), so that the layout, and the benches on it, run each server as it is shipped.
 */
export function startFlags(kind: 'api' | 'web'): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'apps', kind, 'package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  return manifest.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export function startServer(
  kind: 'api' | 'web',
  port: number,
  env: Record<string, string>,
): Instance {
  // node --import tsx: the signal reaches the server itself, not a wrapper; with the flags of the
  // workspace's `npm start`.
  const child = spawn(
    process.execPath,
    [...startFlags(kind), '--import', 'tsx', kind === 'api' ? 'src/server.ts' : 'server.ts'],
    {
      cwd: path.join(root, 'apps', kind),
      env: { ...process.env, ...env, [kind === 'api' ? 'API_PORT' : 'PORT']: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const prefix = `[${kind}:${port}] `;
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      if (process.env.SCALE_VERBOSE || !line.startsWith('{')) console.log(prefix + line);
    }
  };
  child.stdout.on('data', relay);
  child.stderr.on('data', relay);
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGKILL' ? 137 : 1))),
  );
  return { kind, port, process: child, exited };
}

export async function waitReady(instance: Instance, readyPath = '/ready'): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) {
      throw new Error(`Server ${instance.port} stopped`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}${readyPath}`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`Server ${instance.port} not ready within 3 minutes`);
}

// ---- the round-robin proxy ----------------------------------------------------------------

export interface Proxy {
  server: http.Server;
  sent: number;
  errors: number;
  retried: number;
  /** Answers each instance gave through the proxy, by port. */
  served: Map<number, number>;
  /** Requests sent to each instance and not answered yet, by port. */
  inFlight: Map<number, number>;
  close(): Promise<void>;
}

/** Methods a load balancer may send again after a connection broke before any answer. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Round robin over the instances whose /ready answered 200 at the last check (every 250 ms). A
 * request is tried on the next instance when its connection was refused, and, for GET and HEAD,
 * also when the connection broke before any answer header came: what nginx's default
 * `proxy_next_upstream error timeout` does (it never sends a POST again once sent). Counts the
 * answers it could not give (502, or a body cut short) as errors.
 */
export function startProxy(listenPort: number, ports: number[], readyPath: string | null): Proxy {
  const healthy = new Set(ports);
  let next = 0;
  const monitor = setInterval(() => {
    if (readyPath === null) return;
    for (const port of ports) {
      fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(1_000) })
        .then((response) => (response.ok ? healthy.add(port) : healthy.delete(port)))
        .catch(() => healthy.delete(port));
    }
  }, 250);

  const proxy: Proxy = {
    sent: 0,
    errors: 0,
    retried: 0,
    served: new Map(ports.map((port) => [port, 0])),
    inFlight: new Map(ports.map((port) => [port, 0])),
    server: http.createServer(async (request, response) => {
      proxy.sent += 1;
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const candidates = ports.filter((port) => healthy.has(port));
      const order = candidates.length > 0 ? candidates : ports;
      const start = next++;
      const mayResend = IDEMPOTENT.has(request.method ?? 'GET');
      for (let attempt = 0; attempt < order.length * 2; attempt += 1) {
        const port = order[(start + attempt) % order.length] as number;
        proxy.inFlight.set(port, (proxy.inFlight.get(port) ?? 0) + 1);
        const forwarded = await new Promise<boolean>((resolve) => {
          const upstream = http.request(
            {
              host: '127.0.0.1',
              port,
              method: request.method,
              path: request.url,
              headers: request.headers,
              agent: false,
            },
            (answer) => {
              proxy.served.set(port, (proxy.served.get(port) ?? 0) + 1);
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
              answer.on('end', () => resolve(true));
              // The instance died mid-answer: the visitor must see a broken answer, not a
              // shorter one that looks whole.
              answer.on('close', () => {
                if (answer.complete) return;
                proxy.errors += 1;
                response.destroy();
                resolve(true);
              });
            },
          );
          upstream.on('error', (error: NodeJS.ErrnoException) => {
            if (response.headersSent) return;
            const beforeAnyAnswer = error.code === 'ECONNREFUSED' || mayResend;
            if (beforeAnyAnswer) resolve(false);
            else {
              proxy.errors += 1;
              response.writeHead(502);
              response.end();
              resolve(true);
            }
          });
          upstream.end(body);
        });
        proxy.inFlight.set(port, (proxy.inFlight.get(port) ?? 1) - 1);
        if (forwarded) return;
        proxy.retried += 1;
      }
      proxy.errors += 1;
      response.writeHead(502);
      response.end();
    }),
    close: async () => {
      clearInterval(monitor);
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
    },
  };
  // Idle client connections are kept 75 s, as nginx does (keepalive_timeout): Node's 5 s default
  // closes a kept connection just as a client reuses it, under load ("fetch failed"), which no
  // load balancer in front of the instances would do.
  proxy.server.keepAliveTimeout = 75_000;
  proxy.server.headersTimeout = 76_000;
  proxy.server.listen(listenPort, '127.0.0.1');
  return proxy;
}

// ---- HTTP helpers ---------------------------------------------------------------------------

export async function call(
  port: number,
  method: string,
  url: string,
  options: {
    body?: unknown;
    token?: string;
    ip?: string;
    form?: FormData;
    siteId?: number;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = {
    siteId: String(options.siteId ?? 91),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers,
    body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let json: { data?: unknown; message?: string } | null = null;
  try {
    json = JSON.parse(text) as { data?: unknown };
  } catch {
    json = null;
  }
  return { status: response.status, json, bytes: text.length, headers: response.headers };
}

// ---- the layout -----------------------------------------------------------------------------

export interface LayoutOptions {
  /** The PostgreSQL server where a database is created, and dropped by stop(). */
  serverUrl: string;
  /** Redis of the run: its comptoir:* keys are removed first and at stop(). */
  redisUrl: string;
  proxyPort: number;
  webProxyPort: number;
  /** SHUTDOWN_DRAIN_MS of the API instances. */
  drainMs: number;
  /** Lines printed while starting. */
  say(line: string): void;
}

export interface Layout {
  databaseUrl: string;
  redis: Redis;
  revalidateSecret: string;
  proxyPort: number;
  webProxyPort: number;
  apiPorts: [number, number];
  webPorts: [number, number];
  proxy: Proxy;
  webProxy: Proxy;
  /** How long each instance took from its first start to ready, by port (ms). */
  startMs: Map<number, number>;
  /** The instance now running on a port (a restarted one replaces the one it follows). */
  instanceOn(port: number): Instance;
  /** Starts again, with its own environment and folder, the instance that ran on a port. */
  restart(port: number): Instance;
  stop(): Promise<void>;
}

export function storefrontBuilt(): boolean {
  return existsSync(path.join(root, 'apps/web', process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'));
}

/**
 * Starts the layout; on a failure half-way, stops what it started before throwing. The caller
 * calls stop() once done, whatever happened.
 */
export async function startLayout(options: LayoutOptions): Promise<Layout> {
  const { say } = options;
  const apiPorts: [number, number] = [options.proxyPort + 1, options.proxyPort + 2];
  const webPorts: [number, number] = [options.webProxyPort + 1, options.webProxyPort + 2];
  const revalidateSecret = randomBytes(24).toString('hex');
  const databaseName = `comptoir_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = new URL(options.serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  await adminQuery(options.serverUrl, `CREATE DATABASE "${databaseName}"`);
  const redis = new Redis(options.redisUrl);
  const oldKeys = await redis.keys('comptoir:*');
  if (oldKeys.length > 0) await redis.del(...oldKeys);
  const fakeS3 = await startFakeS3();
  const dataDirs: string[] = [];
  const instances = new Map<number, Instance>();
  const envs = new Map<number, { kind: 'api' | 'web'; env: Record<string, string> }>();
  let proxy: Proxy | undefined;
  let webProxy: Proxy | undefined;

  const startMs = new Map<number, number>();
  const timed = async (port: number, ready: Promise<void>) => {
    const began = Date.now();
    await ready;
    startMs.set(port, Date.now() - began);
  };

  const launch = (kind: 'api' | 'web', port: number, env: Record<string, string>) => {
    envs.set(port, { kind, env });
    const instance = startServer(kind, port, env);
    instances.set(port, instance);
    return instance;
  };

  const stop = async () => {
    await proxy?.close();
    await webProxy?.close();
    for (const instance of instances.values()) {
      if (instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
    }
    await fakeS3.close();
    const keys = await redis.keys('comptoir:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await adminQuery(options.serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  };

  try {
    const apiEnv = async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-scale-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: options.redisUrl,
        ...fakeS3.env,
        DATA_DIR: dataDir,
        DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SHUTDOWN_DRAIN_MS: String(options.drainMs),
        LOG_LEVEL: 'warn',
        STOREFRONT_URL: `http://127.0.0.1:${options.webProxyPort}`,
        REVALIDATE_SECRET: revalidateSecret,
      };
    };
    // The first one migrates and seeds; the second starts on a ready database.
    say(`Starting API 1 on ${apiPorts[0]} (migrations, seed)…`);
    const firstEnv = await apiEnv();
    await timed(apiPorts[0], waitReady(launch('api', apiPorts[0], firstEnv)));
    say(`Starting API 2 on ${apiPorts[1]}…`);
    const secondEnv = await apiEnv();
    await timed(apiPorts[1], waitReady(launch('api', apiPorts[1], secondEnv)));
    proxy = startProxy(options.proxyPort, apiPorts, '/ready');
    for (const port of webPorts) {
      say(`Starting storefront on ${port}…`);
      // One at a time: next.config copies the cookie banner's files into public/ at start, and
      // two starts at once race on that folder.
      const instance = launch('web', port, {
        API_URL: `http://127.0.0.1:${options.proxyPort}`,
        REDIS_URL: options.redisUrl,
        REVALIDATE_SECRET: revalidateSecret,
      });
      await timed(port, waitReady(instance, '/'));
    }
    webProxy = startProxy(options.webProxyPort, webPorts, null);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    databaseUrl: databaseUrl.toString(),
    redis,
    revalidateSecret,
    proxyPort: options.proxyPort,
    webProxyPort: options.webProxyPort,
    apiPorts,
    webPorts,
    proxy,
    webProxy,
    startMs,
    instanceOn: (port) => {
      const instance = instances.get(port);
      if (!instance) throw new Error(`no instance on ${port}`);
      return instance;
    },
    restart: (port) => {
      const started = envs.get(port);
      if (!started) throw new Error(`no instance on ${port}`);
      return launch(started.kind, port, started.env);
    },
    stop,
  };
}
