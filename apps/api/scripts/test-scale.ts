/**
 * `npm run test:scale`: the production layout of docs/deploy.md on one machine (scale-layout.ts):
 * two API instances and two storefronts (built first: `npm run build -w @comptoir/web`) on a
 * fresh PostgreSQL database, one Redis (REDIS_URL) and a fake S3 server (s3rver), each pair behind
 * a small round-robin proxy that, like a load balancer, takes an instance out of rotation when its
 * /ready fails and tries the other one when a connection fails before any answer. Each check is a
 * test; the crash tests (`kill -9` of an API during orders, of a storefront during page traffic)
 * are in scale-crash.ts. The figures (requests sent, errors, orders kept, stock, rejoin times, job
 * runs) are printed at the end.
 *
 * Needs PostgreSQL at SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres,
 * where a database is created and dropped) and Redis at SCALE_REDIS_URL (default
 * redis://127.0.0.1:6379/9: its comptoir:* keys are removed first). .ci/run starts both. The
 * proxies listen on SCALE_PROXY_PORT (4470) and SCALE_WEB_PROXY_PORT (3470), their instances on
 * the next two ports of each.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PNG } from '../src/test/uploads';
import { apiCrashDuringOrders, storefrontCrashDuringPages } from './scale-crash';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminQuery,
  call,
  startLayout,
  storefrontBuilt,
  type Layout,
} from './scale-layout';

const serverUrl = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const PROXY_PORT = Number(process.env.SCALE_PROXY_PORT ?? 4470);
const WEB_PROXY_PORT = Number(process.env.SCALE_WEB_PROXY_PORT ?? 3470);
const LOGINS_PER_IP = 30; // DEFAULT_AUTH_LIMITS.loginPerIp
const DRAIN_MS = 1_500;

const say = (line: string) => console.log(`[scale] ${line}`);
const figures: Record<string, number | string> = {};
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

// ---- the run --------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  if (!storefrontBuilt()) {
    say('The storefront is not built: run `npm run build -w @comptoir/web` first.');
    process.exit(1);
  }
  let layout: Layout | undefined;
  try {
    layout = await startLayout({
      serverUrl,
      redisUrl,
      proxyPort: PROXY_PORT,
      webProxyPort: WEB_PROXY_PORT,
      drainMs: DRAIN_MS,
      say,
    });
    const { proxy, redis, databaseUrl } = layout;
    const API_PORTS = layout.apiPorts;
    const WEB_PORTS = layout.webPorts;
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

    await check('kill -9 of an API instance during a stream of orders loses none', () =>
      apiCrashDuringOrders(layout as Layout, figures),
    );

    await check('kill -9 of a storefront during page traffic: the other serves, it rejoins', () =>
      storefrontCrashDuringPages(layout as Layout, figures),
    );

    await check('SIGTERM on one instance during a stream of requests loses none', async () => {
      const sentBefore = proxy.sent;
      const errorsBefore = proxy.errors;
      const retriedBefore = proxy.retried;
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
      const victim = (layout as Layout).instanceOn(API_PORTS[1]);
      victim.process.kill('SIGTERM');
      const code = await victim.exited;
      await sleep(1_000);
      stop = true;
      await Promise.all(workers);
      figures['requests sent through the proxy (stream)'] = proxy.sent - sentBefore;
      figures['errors at the proxy (stream)'] = proxy.errors - errorsBefore + failures;
      figures['requests re-sent after a refused connection'] = proxy.retried - retriedBefore;
      assert(code === 0, `the instance exited with ${code}`);
      assert(failures === 0 && proxy.errors === errorsBefore, `${failures} failed requests`);
    });
  } finally {
    await layout?.stop();
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
