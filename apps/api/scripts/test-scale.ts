/**
 * `npm run test:scale`: the production layout of docs/deploy.md on one machine. Two API instances
 * and two storefronts (built first: `npm run build -w @comptoir/web`) on a fresh PostgreSQL database, one Redis (REDIS_URL) and a fake S3 server (s3rver), behind a
 * small round-robin proxy that, like a load balancer, takes an instance out of rotation when its
 * /ready fails and tries the other one when a connection is refused. Each check is a test; the
 * figures (requests sent, errors, job runs) are printed at the end.
 *
 * Needs PostgreSQL at SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * where a database is created and dropped) and Redis at SCALE_REDIS_URL (default
 * redis://127.0.0.1:6379/9: its comptoir:* keys are removed first). .ci/run starts both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startFakeS3 } from '../src/test/fake-s3';
import { PNG } from '../src/test/uploads';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const PROXY_PORT = Number(process.env.SCALE_PROXY_PORT ?? 4470);
const API_PORTS = [4471, 4472];
const WEB_PROXY_PORT = Number(process.env.SCALE_WEB_PROXY_PORT ?? 3470);
const WEB_PORTS = [3471, 3472];
const REVALIDATE_SECRET = randomBytes(24).toString('hex');
const ADMIN_PASSWORD = 'Echelle-2026-demo';
const ADMIN_EMAIL = 'admin@atelier-clemence.fr';
const LOGINS_PER_IP = 30; // DEFAULT_AUTH_LIMITS.loginPerIp
const DRAIN_MS = 1_500;

const say = (line: string) => console.log(`[scale] ${line}`);
const figures: Record<string, number> = {};
const results: { name: string; ok: boolean; detail?: string }[] = [];

async function check(name: string, run: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await run();
    results.push({ name, ok: true });
    say(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    results.push({ name, ok: false, detail: String(error) });
    say(`✗ ${name}: ${String(error)}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function adminQuery(connectionString: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

// ---- the API instances -------------------------------------------------------------------

interface Instance {
  port: number;
  process: ChildProcess;
  exited: Promise<number>;
}

function startServer(kind: 'api' | 'web', port: number, env: Record<string, string>): Instance {
  // node --import tsx: the signal reaches the server itself, not a wrapper.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', kind === 'api' ? 'src/server.ts' : 'server.ts'],
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
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { port, process: child, exited };
}

async function waitReady(instance: Instance, readyPath = '/ready'): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) throw new Error(`Server ${instance.port} stopped`);
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}${readyPath}`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`Server ${instance.port} not ready within 3 minutes`);
}

// ---- the round-robin proxy ----------------------------------------------------------------

interface Proxy {
  server: http.Server;
  sent: number;
  errors: number;
  retried: number;
  close(): Promise<void>;
}

/**
 * Round robin over the instances whose /ready answered 200 at the last check (every 250 ms); a
 * refused connection is tried on the next instance (what nginx's proxy_next_upstream does).
 * Counts the answers it could not give (502) as errors.
 */
function startProxy(listenPort: number, ports: number[], readyPath: string | null): Proxy {
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
    server: http.createServer(async (request, response) => {
      proxy.sent += 1;
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const candidates = ports.filter((port) => healthy.has(port));
      const order = candidates.length > 0 ? candidates : ports;
      const start = next++;
      for (let attempt = 0; attempt < order.length * 2; attempt += 1) {
        const port = order[(start + attempt) % order.length] as number;
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
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
              answer.on('end', () => resolve(true));
            },
          );
          upstream.on('error', (error: NodeJS.ErrnoException) => {
            // Only a connection never made may be sent again; anything else is an error.
            if (error.code === 'ECONNREFUSED') resolve(false);
            else {
              proxy.errors += 1;
              if (!response.headersSent) response.writeHead(502);
              response.end();
              resolve(true);
            }
          });
          upstream.end(body);
        });
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
  proxy.server.listen(listenPort, '127.0.0.1');
  return proxy;
}

// ---- HTTP helpers ---------------------------------------------------------------------------

async function call(
  port: number,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip?: string; form?: FormData } = {},
) {
  const headers: Record<string, string> = { siteId: '91' };
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
  return { status: response.status, json, bytes: text.length };
}

// ---- the run --------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  const buildId = path.join(root, 'apps/web', process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID');
  if (!existsSync(buildId)) {
    say('The storefront is not built: run `npm run build -w @comptoir/web` first.');
    process.exit(1);
  }
  const databaseName = `comptoir_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const redis = new Redis(redisUrl);
  const oldKeys = await redis.keys('comptoir:*');
  if (oldKeys.length > 0) await redis.del(...oldKeys);
  const fakeS3 = await startFakeS3();
  const dataDirs: string[] = [];
  const instances: Instance[] = [];
  let proxy: Proxy | undefined;
  let webProxy: Proxy | undefined;
  try {
    const envFor = async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-scale-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redisUrl,
        ...fakeS3.env,
        DATA_DIR: dataDir,
        DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        LOG_LEVEL: 'warn',
        STOREFRONT_URL: `http://127.0.0.1:${WEB_PROXY_PORT}`,
        REVALIDATE_SECRET,
      };
    };
    // The first one migrates and seeds; the second starts on a ready database.
    say(`Starting API 1 on ${API_PORTS[0]} (migrations, seed)…`);
    instances.push(startServer('api', API_PORTS[0] as number, await envFor()));
    await waitReady(instances[0] as Instance);
    say(`Starting API 2 on ${API_PORTS[1]}…`);
    instances.push(startServer('api', API_PORTS[1] as number, await envFor()));
    await waitReady(instances[1] as Instance);
    proxy = startProxy(PROXY_PORT, API_PORTS, '/ready');
    const webInstances: Instance[] = [];
    for (const port of WEB_PORTS) {
      say(`Starting storefront on ${port}…`);
      const web = startServer('web', port, {
        API_URL: `http://127.0.0.1:${PROXY_PORT}`,
        REDIS_URL: redisUrl,
        REVALIDATE_SECRET,
      });
      instances.push(web);
      webInstances.push(web);
      // One at a time: next.config copies the cookie banner's files into public/ at start, and
      // two starts at once race on that folder.
      await waitReady(web, '/');
    }
    webProxy = startProxy(WEB_PROXY_PORT, WEB_PORTS, null);
    const [first, second] = API_PORTS as [number, number];
    await sleep(500);

    await check('a login on one instance is valid on the other', async () => {
      const login = await call(first, 'POST', '/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        ip: '198.51.100.1',
      });
      assert(login.status === 200, `login answered ${login.status}`);
      const token = (login.json?.data as { token: string }).token;
      const user = await call(second, 'GET', '/user', { token });
      assert(user.status === 200, `GET /user on the other instance answered ${user.status}`);
      assert((user.json?.data as { email: string }).email === ADMIN_EMAIL, 'another user');
    });

    await check(
      'the per-address login limit trips at the same total through the proxy',
      async () => {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < LOGINS_PER_IP + 3; attempt += 1) {
          const response = await call(PROXY_PORT, 'POST', '/login', {
            body: { email: `inconnu-${attempt}@example.fr`, password: 'Mauvais2026' },
            ip: '198.51.100.7',
          });
          statuses.push(response.status);
        }
        const firstRefusal = statuses.indexOf(429);
        figures['login tries before the 429'] = firstRefusal;
        assert(firstRefusal === LOGINS_PER_IP, `first 429 after ${firstRefusal} tries`);
        assert(
          statuses.slice(LOGINS_PER_IP).every((status) => status === 429),
          'a try after the limit passed',
        );
      },
    );

    await check('an upload through one API is served by the other', async () => {
      const login = await call(second, 'POST', '/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        ip: '198.51.100.2',
      });
      const token = (login.json?.data as { token: string }).token;
      const form = new FormData();
      form.append('alt', 'Atelier Clémence');
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'logo.png');
      const upload = await call(first, 'PUT', '/admin/logo/LOGO_FOOTER', { token, form });
      assert(upload.status === 200, `upload answered ${upload.status}`);
      const url = (upload.json?.data as { onlineImage: { url: string } }).onlineImage.url;
      const image = await fetch(`http://127.0.0.1:${second}${url.replace(/^\/api/, '')}`);
      assert(image.status === 200, `the other instance answered ${image.status}`);
      assert(image.headers.get('content-type') === 'image/webp', 'not the stored WebP');
    });

    await check('a page rendered by one storefront is served by the other from Redis', async () => {
      // A page of site 91 that no instance has served yet in this run.
      const pagePath = '/legal-notice';
      const [webFirst, webSecond] = WEB_PORTS as [number, number];
      const pageKeys = async () =>
        (await redis.keys(`comptoir:next:route:*/91${pagePath}*`)).sort();
      assert((await pageKeys()).length === 0, 'the page is in Redis before any visit');
      const firstVisit = await fetch(`http://127.0.0.1:${webFirst}${pagePath}`);
      const firstHtml = await firstVisit.text();
      assert(firstVisit.status === 200, `the first storefront answered ${firstVisit.status}`);
      // Stored once rendered (the answer may be sent before the cache write ends).
      const deadline = Date.now() + 2_000;
      while ((await pageKeys()).length === 0 && Date.now() < deadline) await sleep(25);
      const [pageKey, ...others] = await pageKeys();
      figures['Redis keys of the page after one visit'] = others.length + (pageKey ? 1 : 0);
      assert(pageKey && others.length === 0, 'not one entry of the page in Redis');
      // Redis counts the seconds since a key was last read or written, in whole seconds of a
      // clock that ticks on its own: a key read just now shows 0 or 1. The entry is left alone
      // for 2.5 s, so that the second storefront's visit must bring that count down (a read),
      // and its answer must come from it (a hit, not a render).
      await sleep(2_500);
      const idleBefore = Number(await redis.object('IDLETIME', pageKey));
      assert(idleBefore >= 2, `the entry was touched ${idleBefore} s ago, expected ≥ 2`);
      const secondVisit = await fetch(`http://127.0.0.1:${webSecond}${pagePath}`);
      const secondHtml = await secondVisit.text();
      const idleAfter = Number(await redis.object('IDLETIME', pageKey));
      assert(secondVisit.status === 200, `the second storefront answered ${secondVisit.status}`);
      const cacheState = secondVisit.headers.get('x-nextjs-cache');
      assert(cacheState === 'HIT', `the second storefront's first visit was a ${cacheState}`);
      assert(idleAfter <= 1, 'the second storefront did not read the entry from Redis');
      const title = /<title>([^<]*)<\/title>/.exec(firstHtml)?.[1];
      assert(title && secondHtml.includes(title), 'the second storefront served another page');
    });

    await check('an admin edit through one storefront is visible on both within 2 s', async () => {
      const pageOn = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`)).text();
      // Both instances have the home page in their caches before the edit.
      for (const port of WEB_PORTS) {
        await pageOn(port);
        await pageOn(port);
      }
      const [webFirst] = WEB_PORTS as [number, number];
      const login = await call(webFirst, 'POST', '/api/login', {
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        ip: '198.51.100.3',
      });
      assert(login.status === 200, `login through the storefront answered ${login.status}`);
      const token = (login.json?.data as { token: string }).token;
      const phone = `05 ${String(Date.now() % 100_000_000)
        .padStart(8, '0')
        .replace(/(\d\d)(?=\d)/g, '$1 ')}`;
      for (const port of WEB_PORTS) {
        assert(!(await pageOn(port)).includes(phone), 'the new phone is already there');
      }
      const edit = await call(webFirst, 'PUT', '/api/admin/parameter', {
        token,
        body: { COMPANY_PHONE: phone },
      });
      assert(edit.status === 200, `the edit answered ${edit.status}`);
      // From the moment the administrator sees the edit saved, to the moment each storefront's
      // answer carrying the new value has fully arrived. Each storefront is polled on its own,
      // so that a slow answer of one does not delay the other's; polling goes on past 2 s only
      // to report how late a storefront was.
      const saved = Date.now();
      const visibleAfter = async (port: number): Promise<number | null> => {
        while (Date.now() - saved < 20_000) {
          if ((await pageOn(port)).includes(phone)) return Date.now() - saved;
          await sleep(50);
        }
        return null;
      };
      const seenAfter = await Promise.all(WEB_PORTS.map(visibleAfter));
      if (seenAfter.some((after) => after === null || after > 2_000)) {
        // What is stale: the API's answer on each instance.
        for (const port of API_PORTS) {
          const parameters = await call(port, 'GET', '/parameter');
          say(
            `  API ${port} /parameter has the new phone: ${JSON.stringify(parameters.json).includes(phone)}`,
          );
        }
      }
      WEB_PORTS.forEach((port, index) => {
        figures[`storefront ${port}: edit visible after (ms)`] = seenAfter[index] ?? -1;
      });
      WEB_PORTS.forEach((port, index) => {
        const after = seenAfter[index] ?? null;
        assert(after !== null, `storefront ${port} still showed the old page after 20 s`);
        assert(after <= 2_000, `storefront ${port} showed the new page only after ${after} ms`);
      });
    });

    await check('a recurring job runs once per period with two instances up', async () => {
      // Both instances offer order-payment-expiry (every minute) at start: one run.
      await sleep(3_000);
      const { rows } = await adminQuery(
        databaseUrl.toString(),
        `select singleton_on, count(*)::int as runs from pgboss.job
         where name = 'order-payment-expiry' and state = 'completed' group by singleton_on`,
      );
      const runs = rows.reduce((total, row: { runs: number }) => total + row.runs, 0);
      figures['job runs (order-payment-expiry)'] = runs;
      figures['job periods'] = rows.length;
      assert(rows.length >= 1, 'the job never ran');
      assert(
        rows.every((row: { runs: number }) => row.runs === 1),
        'a period ran twice',
      );
    });

    await check('SIGTERM on one instance during a stream of requests loses none', async () => {
      assert(proxy, 'no proxy');
      const sentBefore = proxy.sent;
      const errorsBefore = proxy.errors;
      let failures = 0;
      let stop = false;
      const stream = async () => {
        while (!stop) {
          const response = await call(PROXY_PORT, 'GET', '/site/info').catch(() => null);
          if (!response || response.status !== 200) failures += 1;
        }
      };
      const workers = Array.from({ length: 8 }, stream);
      await sleep(1_000);
      const victim = instances.find((instance) => instance.port === API_PORTS[1]) as Instance;
      victim.process.kill('SIGTERM');
      const code = await victim.exited;
      await sleep(1_000);
      stop = true;
      await Promise.all(workers);
      figures['requests sent through the proxy (stream)'] = proxy.sent - sentBefore;
      figures['errors at the proxy (stream)'] = proxy.errors - errorsBefore + failures;
      figures['requests re-sent after a refused connection'] = proxy.retried;
      assert(code === 0, `the instance exited with ${code}`);
      assert(failures === 0 && proxy.errors === errorsBefore, `${failures} failed requests`);
    });
  } finally {
    await proxy?.close();
    await webProxy?.close();
    for (const instance of instances) {
      if (instance.process.exitCode === null) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
    }
    await fakeS3.close();
    const keys = await redis.keys('comptoir:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }

  say('Figures:');
  for (const [name, value] of Object.entries(figures)) say(`  ${name}: ${value}`);
  const failed = results.filter((result) => !result.ok).length;
  say(
    `scale: ${results.length - failed} passed, ${failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(failed > 0 ? 1 : 0);
}

await main();
