/**
 * `npm run bench:soak` (issue 32, item 6; decision 0117): SOAK_MINUTES (10) of mixed traffic on
 * the scale-out layout of `npm run test:scale` (apps/api/scripts/scale-layout.ts: two API
 * instances and two storefronts on PostgreSQL, Redis and a fake S3, behind round-robin proxies).
 * SOAK_VISITORS visitors (6) each loop over ten steps with SOAK_THINK_MS (100) between them:
 * five page views (both demo sites, through the storefront proxy), a cart opened with a bottle,
 * a guest order (cart, bottle, POST /order with an Idempotency-Key), and a back-office read
 * (site 92's orders, their statistics, its products), all through the proxies.
 *
 * Prints a table per minute (requests, errors, p50, p99, each process's resident memory) and the
 * goals in `npm run bench`'s format: each process's resident memory at the end less than 10 %
 * above its size after the first minute, each later minute's p99 within 1.5× of the first's, no
 * error. A bench: a slow machine gives figures, never a failure; the exit code is 1 only when the
 * layout could not start. Needs the storefront built (`npm run build -w @comptoir/web`), PostgreSQL
 * at SOAK_DATABASE_URL (a database is created and dropped) and Redis at SOAK_REDIS_URL (db 10 by
 * default; its comptoir:* keys are removed). Proxies on SOAK_PROXY_PORT (4480) and
 * SOAK_WEB_PROXY_PORT (3480), their instances on the next two ports of each.
 */
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADMIN_PASSWORD,
  call,
  SHOP_ADMIN_EMAIL,
  startLayout,
  storefrontBuilt,
  type Layout,
} from '../apps/api/scripts/scale-layout';
import {
  addBottle,
  openCart,
  placeOrder,
  prepareShop,
  SHOP_SITE,
  visitorAddress,
  type ShopFixture,
} from '../apps/api/scripts/scale-shop';
import { residentBytes } from './process-memory';
import { markdownTable } from './report';
import {
  goalHeader,
  minuteTable,
  percentile,
  soakVerdicts,
  type MinuteFigures,
} from './soak-report';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const minutes = Math.max(1, Math.round(numberFromEnv('SOAK_MINUTES', 10)));
const visitorCount = Math.round(numberFromEnv('SOAK_VISITORS', 6));
const thinkMs = numberFromEnv('SOAK_THINK_MS', 100);
const proxyPort = numberFromEnv('SOAK_PROXY_PORT', 4480);
const webProxyPort = numberFromEnv('SOAK_WEB_PROXY_PORT', 3480);
const serverUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379/10';
const MINUTE_MS = 60_000;
const SAMPLE_EVERY_MS = 5_000;
/** A minute's memory figure: the median of its samples in its last 20 s (a GC peak is not growth). */
const MEMORY_WINDOW_MS = 20_000;

const say = (line: string) => console.log(`[soak] ${line}`);

// ---- measures -------------------------------------------------------------------------------

interface Measure {
  /** Milliseconds since the soak began, when the request was sent. */
  at: number;
  ms: number;
  ok: boolean;
}
const measures: Measure[] = [];
const errorSamples = new Map<string, number>();
let soakStart = 0;

/** Times one request; a non-2xx answer or no answer is an error (the first kinds are kept). */
async function timed(what: string, request: () => Promise<number>): Promise<void> {
  const began = performance.now();
  const at = Date.now() - soakStart;
  let status: number | string;
  try {
    status = await request();
  } catch (error) {
    status = (error as Error).message;
  }
  const ok = typeof status === 'number' && status >= 200 && status < 300;
  measures.push({ at, ms: performance.now() - began, ok });
  if (!ok) {
    const key = `${what}: ${status}`;
    errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
  }
}

// ---- the visitors ---------------------------------------------------------------------------

const pageAgent = new http.Agent({ keepAlive: true });

/** A page through the storefront proxy, read to its end, for the site its host names. */
function page(host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port: webProxyPort, path, headers: { host }, agent: pageAgent },
      (response) => {
        let html = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (html += chunk));
        response.on('end', () =>
          resolve(html.includes('</html>') ? (response.statusCode ?? 0) : 599),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const PAGES: { host: string; path: string }[] = [
  ...['/', '/qui-sommes-nous', '/blog', '/nous-contacter', '/legal-notice'].map((path) => ({
    host: `127.0.0.1:${webProxyPort}`,
    path,
  })),
  ...['/', '/nos-vins', '/le-domaine', '/actualites', '/panier'].map((path) => ({
    host: `vins.localhost:${webProxyPort}`,
    path,
  })),
];

const ADMIN_READS = ['/admin/order?page=1', '/admin/order-stats', '/admin/product'];

interface Traffic {
  shop: ShopFixture;
  adminToken: string;
}

let nextVisitor = 0;

async function visitor(traffic: Traffic, until: number, offset: number): Promise<void> {
  for (let step = offset; Date.now() < until; step += 1) {
    const slot = step % 10;
    if (slot === 4 || slot === 6) {
      // A cart with a bottle; on slot 6 the visitor orders it.
      const index = nextVisitor++;
      let cart: Awaited<ReturnType<typeof openCart>> | null = null;
      await timed('POST /cart', async () => {
        cart = await openCart(proxyPort, visitorAddress(index));
        return 200;
      });
      const opened = cart as Awaited<ReturnType<typeof openCart>> | null;
      let added = false;
      if (opened) {
        await timed('POST /cart/:id/product', async () => {
          await addBottle(proxyPort, opened, traffic.shop.declinationId);
          added = true;
          return 200;
        });
      }
      // An order only of a cart that holds its bottle (an empty cart is refused, rightly).
      if (opened && added) {
        if (slot === 6) {
          await timed('POST /order', async () => {
            const key = `soak-${soakStart}-${index}`;
            const answer = await placeOrder(
              proxyPort,
              traffic.shop,
              opened,
              key,
              `soak-${index}@example.fr`,
            );
            return answer.status;
          });
        }
      }
    } else if (slot === 8) {
      const read = ADMIN_READS[Math.floor(step / 10) % ADMIN_READS.length] as string;
      await timed(`GET ${read}`, async () => {
        const answer = await call(proxyPort, 'GET', read, {
          siteId: SHOP_SITE,
          token: traffic.adminToken,
        });
        return answer.status;
      });
    } else {
      const target = PAGES[(step * 7 + offset) % PAGES.length]!;
      await timed(`GET ${target.host}${target.path}`, () => page(target.host, target.path));
    }
    await sleep(thinkMs);
  }
}

// ---- the run --------------------------------------------------------------------------------

function figuresByMinute(
  samples: { at: number; bytes: Record<string, number> }[],
): MinuteFigures[] {
  const figures: MinuteFigures[] = [];
  for (let minute = 1; minute <= minutes; minute += 1) {
    const from = (minute - 1) * MINUTE_MS;
    const to = minute * MINUTE_MS;
    const inMinute = measures.filter((measure) => measure.at >= from && measure.at < to);
    const latencies = inMinute.map((measure) => measure.ms);
    const window = samples.filter(
      (sample) => sample.at >= to - MEMORY_WINDOW_MS && sample.at <= to,
    );
    const names = Object.keys(samples[0]?.bytes ?? {});
    figures.push({
      minute,
      requests: inMinute.length,
      errors: inMinute.filter((measure) => !measure.ok).length,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      residentBytes: Object.fromEntries(
        names.map((name) => [
          name,
          percentile(
            window.map((sample) => sample.bytes[name]!),
            0.5,
          ),
        ]),
      ),
    });
  }
  return figures;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  if (!storefrontBuilt()) {
    say('The storefront is not built: run `npm run build -w @comptoir/web` first.');
    process.exitCode = 1;
    return;
  }
  say(
    `${minutes} min of mixed traffic, ${visitorCount} visitors, ${thinkMs} ms between steps (SOAK_MINUTES, SOAK_VISITORS, SOAK_THINK_MS).`,
  );
  let layout: Layout | undefined;
  try {
    try {
      layout = await startLayout({
        serverUrl,
        redisUrl,
        proxyPort,
        webProxyPort,
        drainMs: 1_500,
        say,
      });
    } catch (error) {
      say(`Could not start the layout: ${(error as Error).message}`);
      process.exitCode = 1;
      return;
    }
    const shop = await prepareShop(proxyPort, layout.databaseUrl, 10_000_000);
    const login = await call(proxyPort, 'POST', '/login', {
      siteId: SHOP_SITE,
      body: { email: SHOP_ADMIN_EMAIL, password: ADMIN_PASSWORD },
      ip: '198.51.100.92',
    });
    if (login.status !== 200) throw new Error(`the back-office login answered ${login.status}`);
    const adminToken = (login.json?.data as { token: string }).token;

    const processes = [
      ...layout.apiPorts.map((port) => ({ name: `API ${port}`, port })),
      ...layout.webPorts.map((port) => ({ name: `storefront ${port}`, port })),
    ].map(({ name, port }) => ({ name, pid: (layout as Layout).instanceOn(port).process.pid! }));
    const samples: { at: number; bytes: Record<string, number> }[] = [];
    const loadAtStart = os.loadavg()[0]!;
    soakStart = Date.now();
    const until = soakStart + minutes * MINUTE_MS;
    const sampler = setInterval(() => {
      samples.push({
        at: Date.now() - soakStart,
        bytes: Object.fromEntries(processes.map(({ name, pid }) => [name, residentBytes(pid)])),
      });
    }, SAMPLE_EVERY_MS);
    const progress = setInterval(() => {
      const done = measures.length;
      const errors = measures.filter((measure) => !measure.ok).length;
      say(
        `${((Date.now() - soakStart) / MINUTE_MS).toFixed(0)} min: ${done} requests, ${errors} errors`,
      );
    }, MINUTE_MS);
    say(`Soaking until ${new Date(until).toISOString().slice(11, 19)} UTC…`);
    try {
      await Promise.all(
        Array.from({ length: visitorCount }, (_, offset) =>
          visitor({ shop, adminToken }, until, offset),
        ),
      );
    } finally {
      clearInterval(sampler);
      clearInterval(progress);
    }
    const loadAtEnd = os.loadavg()[0]!;

    const byMinute = figuresByMinute(samples);
    const verdicts = soakVerdicts(byMinute);
    console.log('');
    console.log(
      `### Soak, minute by minute (${visitorCount} visitors)\n\n${minuteTable(byMinute)}`,
    );
    console.log('');
    console.log(`### Soak goals\n\n${markdownTable(goalHeader, verdicts.rows)}`);
    console.log('');
    if (errorSamples.size > 0) {
      say('Errors by request and answer:');
      for (const [what, count] of errorSamples) say(`  ${count} × ${what}`);
    }
    say(
      `Load average (1 min) of the machine: ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end, on ${os.availableParallelism()} cores.`,
    );
    console.log(
      `Goals met: ${verdicts.met} of ${verdicts.total}. Total time ${((Date.now() - startedAt) / MINUTE_MS).toFixed(1)} min.`,
    );
  } finally {
    pageAgent.destroy();
    await layout?.stop();
  }
}

await main();
