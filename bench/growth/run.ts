/**
 * `npm run bench:growth` (issue 31, items 1 to 3; decision 0122): the cost of the work as it
 * grows. Two PostgreSQL databases of its own (dropped at the end): the demo data (the API's
 * migrations and seed) and the growth data set (bench/growth/generate.ts at GROWTH_SCALE, 1 by
 * default: 1,000 sites, 200,000 customers, 1,000,000 orders, site 92 holding 100,000 of them and
 * 5,000 more products). On each in turn it starts the API and the storefront (as `npm run
 * bench:soak` does: apps/api/scripts/scale-layout.ts) and measures the same requests of site 92
 * with autocannon: the wine list and a wine (API and storefront), add to cart, a shipping quote,
 * placing an order, the account's order history, the back office's order list (first page, a
 * page deep in the list, a filter by status and date), its customer search by name and by e-mail,
 * the dashboard figures; then the CSV export of site 92's orders (time, the API's peak memory),
 * the storefront's home page asked on GROWTH_HOSTS hosts in turn, twice (its memory, its caches'
 * hit rates), the API's start time and both processes' resident memory.
 * Prints the tables in `npm run bench`'s format, each goal met or not beside its figure. A slow
 * machine gives figures, never a failure: the exit code is 1 only when something could not start.
 * Needs the storefront built into apps/web/.next-growth (built here unless GROWTH_REUSE_BUILD=1
 * finds one) and psql on the PATH (the COPY).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_PASSWORD,
  SHOP_ADMIN_EMAIL,
  adminQuery,
  call,
  startServer,
  waitReady,
  type Instance,
} from '../../apps/api/scripts/scale-layout';
import {
  SHOP_SITE,
  addBottle,
  openCart,
  orderBody,
  visitorAddress,
  type OpenCart,
  type ShopFixture,
} from '../../apps/api/scripts/scale-shop';
import { residentBytes } from '../process-memory';
import { generateGrowthData, runSeed } from './generate';
import {
  exportHeader,
  exportRows,
  hostHeader,
  hostRows,
  mb,
  requestHeader,
  requestRows,
  table,
  type ExportFigures,
  type HostRoundFigures,
  type LatencyFigures,
  type RequestComparison,
} from './growth-report';
import { FIRST_GROWTH_SITE_ID, growthHost, growthShape, scaleFromEnv } from './shape';

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shape = growthShape(scaleFromEnv(process.env));
const seconds = numberFromEnv('GROWTH_SECONDS', 5);
const connections = Math.round(numberFromEnv('GROWTH_CONNECTIONS', 10));
const ordersToPlace = Math.round(numberFromEnv('GROWTH_ORDERS', 100));
const hostCount = Math.min(shape.sites, Math.round(numberFromEnv('GROWTH_HOSTS', 1000)));
const apiPort = numberFromEnv('GROWTH_API_PORT', 4700);
const webPort = numberFromEnv('GROWTH_WEB_PORT', 3700);
const serverUrl = process.env.GROWTH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const distDir = '.next-growth';
const metricsToken = `growth-bench-${process.pid}-metrics`;
const apiUrl = `http://127.0.0.1:${apiPort}`;
const webUrl = `http://127.0.0.1:${webPort}`;
/** Site 92's host, as its dev URL names it (the storefront resolves the site from it). */
const shopHost = 'vins.localhost:3000';
const shopHeaders = { siteId: String(SHOP_SITE), userLang: 'fr_FR' };
const say = (line: string) => console.log(`[growth] ${line}`);

const databaseName = (kind: string) => `comptoir_growth_${kind}_${process.pid}`;
function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---- measures -------------------------------------------------------------------------------

type AutocannonOptions = Parameters<typeof autocannon>[0];

async function measure(options: AutocannonOptions): Promise<LatencyFigures> {
  // A second of warm-up (JIT, pools, caches), not counted.
  await autocannon({ connections, ...options, duration: 1, amount: undefined });
  const result = await autocannon({ connections, duration: seconds, ...options });
  if (result.requests.total === 0) return timeOneRequest(options);
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([status, { count }]) => `${count} × ${status}`)
      .join(', ');
    say(
      `  ${errors} errors (${result.errors} refused, ${result.timeouts} timeouts; answers: ${statuses})`,
    );
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * When no answer came within the measure's window, one request alone, timed to its end (a
 * minute at most): a figure rather than a blank, marked as one request.
 */
async function timeOneRequest(options: AutocannonOptions): Promise<LatencyFigures> {
  const started = performance.now();
  const response = await fetch(options.url as string, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string> | undefined,
    body: options.body as string | undefined,
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  say(`  no answer within ${seconds} s: one request alone took ${(elapsed / 1000).toFixed(1)} s`);
  return {
    p50: elapsed,
    p99: elapsed,
    requestsPerSecond: 1000 / elapsed,
    errors: response.ok ? 0 : 1,
    single: true,
  };
}

/** A multipart add-to-cart body, as the storefront's FormData sends it. */
function addToCartBody(): { body: Buffer; contentType: string } {
  const boundary = '----comptoirgrowth7MA4YWxkTrZu0gW';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    body: Buffer.from(`${part('type', 'MAIN_CART')}${part('quantity', '1')}--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Shop extends ShopFixture {
  productId: number;
  slug: string;
}

/**
 * The wine both data sets share: the demo catalogue's first wine sold by the unit, asking no
 * required customization, its first declination's stock made plenty; and the carrier quoted
 * for a bottle of it to 49000.
 */
async function prepareShop(database: string): Promise<Shop> {
  const { rows } = await adminQuery(
    database,
    `select p.id as "productId", p.slug, d.id as "declinationId"
       from products p join declinations d on d.site_id = p.site_id and d.product_id = p.id
      where p.site_id = $1 and p.type = 'WINE' and p.position < 1000 and d.sell_by_multiple_of = 1
        and not exists (select 1 from product_customizations c
                         where c.site_id = p.site_id and c.product_id = p.id and c.is_required)
      order by p.id, d.position, d.id limit 1`,
    [SHOP_SITE],
  );
  const chosen = rows[0] as { productId: number; slug: string; declinationId: number } | undefined;
  if (!chosen) throw new Error('site 92 has no wine sold by the unit without a customization');
  await adminQuery(
    database,
    'update declinations set stock = 10000000, is_stock_managed = true where site_id = $1 and id = $2',
    [SHOP_SITE, chosen.declinationId],
  );
  const cart = await openCart(apiPort, visitorAddress(131_000));
  await addBottle(apiPort, cart, chosen.declinationId);
  const quoted = await call(apiPort, 'POST', '/calculate/shipping-fees', {
    siteId: SHOP_SITE,
    ip: cart.ip,
    headers: { cookie: cart.cookie },
    body: {
      idCart: cart.id,
      products: [{ idProduct: chosen.productId, quantity: 1 }],
      postalCode: '49000',
      country: 'FRA',
    },
  });
  const carriers =
    (quoted.json?.data as { carriers: { id: number; deliveryType: string }[] } | null)?.carriers ??
    [];
  const carrier = carriers.find((candidate) => candidate.deliveryType === 'DELIVERY');
  if (!carrier) throw new Error(`no home-delivery carrier was quoted for 49000 (${quoted.status})`);
  return { ...chosen, carrierId: carrier.id };
}

async function openCarts(shop: Shop, count: number, first: number): Promise<OpenCart[]> {
  const carts: OpenCart[] = [];
  for (let index = 0; index < count; index += 1) {
    const cart = await openCart(apiPort, visitorAddress(first + index));
    await addBottle(apiPort, cart, shop.declinationId);
    carts.push(cart);
  }
  return carts;
}

async function login(email: string, password: string): Promise<string> {
  const answer = await call(apiPort, 'POST', '/login', {
    siteId: SHOP_SITE,
    body: { email, password },
    ip: '198.51.100.92',
  });
  if (answer.status !== 200) throw new Error(`the login of ${email} answered ${answer.status}`);
  return (answer.json?.data as { token: string }).token;
}

/** The storefront's cache lookups so far, by cache and outcome, from its metrics. */
async function cacheLookups(): Promise<Record<string, { hit: number; miss: number }>> {
  const response = await fetch(`${webUrl}/_comptoir/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  const lookups: Record<string, { hit: number; miss: number }> = {};
  for (const match of text.matchAll(
    /^comptoir_storefront_cache_lookups_total\{cache="([^"]+)",outcome="(hit|miss)"\} (\d+)/gm,
  )) {
    const entry = (lookups[match[1]!] ??= { hit: 0, miss: 0 });
    entry[match[2] as 'hit' | 'miss'] = Number(match[3]);
  }
  return lookups;
}

/** The home page on `hosts`, one after the other, `connections` at a time, twice. */
async function hostRounds(web: Instance, hosts: string[]): Promise<HostRoundFigures> {
  const pid = web.process.pid!;
  const before = await cacheLookups();
  const beforeBytes = residentBytes(pid);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const round = async () => {
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < hosts.length) {
          const host = hosts[next++]!;
          const began = performance.now();
          try {
            const response = await fetch(`${webUrl}/`, { headers: { host } });
            await response.arrayBuffer();
            if (!response.ok) errors += 1;
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - began);
        }
      }),
    );
  };
  await round();
  await sleep(2000);
  const afterFirstBytes = residentBytes(pid);
  await round();
  const elapsed = (performance.now() - started - 2000) / 1000;
  await sleep(2000);
  const afterSecondBytes = residentBytes(pid);
  const after = await cacheLookups();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
  const hitRates: Record<string, number | null> = {};
  for (const [cache, counts] of Object.entries(after)) {
    const hits = counts.hit - (before[cache]?.hit ?? 0);
    const misses = counts.miss - (before[cache]?.miss ?? 0);
    hitRates[cache] = hits + misses > 0 ? hits / (hits + misses) : null;
  }
  return {
    hosts: hosts.length,
    beforeBytes,
    afterFirstBytes,
    afterSecondBytes,
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    hitRates,
  };
}

/** One export of all of site 92's orders, the API's memory sampled every 20 ms meanwhile. */
async function measureExport(api: Instance, token: string): Promise<ExportFigures> {
  const pid = api.process.pid!;
  await sleep(2000);
  const idleBytes = residentBytes(pid);
  let peakBytes = idleBytes;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, residentBytes(pid));
  }, 20);
  const started = performance.now();
  try {
    const today = new Date().toISOString().slice(0, 10);
    const response = await fetch(`${apiUrl}/admin/order/export?from=2000-01-01&to=${today}`, {
      headers: { ...shopHeaders, authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`the export answered ${response.status}`);
    // Read as it comes, counting lines, as a browser saving the file would.
    let lines = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    return {
      seconds: (performance.now() - started) / 1000,
      // The header line is not an order.
      orders: Math.max(0, lines - 1),
      idleBytes,
      peakBytes: Math.max(peakBytes, residentBytes(pid)),
    };
  } finally {
    clearInterval(sampler);
  }
}

// ---- one data set ---------------------------------------------------------------------------

interface DatasetFigures {
  requests: Map<string, LatencyFigures>;
  exported: ExportFigures | null;
  /** Why the export has no figures, when it has none. */
  exportFailure: string;
  hosts: HostRoundFigures | null;
  apiStartSeconds: number;
  memory: { apiIdle: number; apiPeak: number; webIdle: number; webPeak: number };
  orders: number;
}

async function measureDataset(kind: 'demo' | 'growth', database: string): Promise<DatasetFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `comptoir-growth-${kind}-`));
  const instances: Instance[] = [];
  const requests = new Map<string, LatencyFigures>();
  const memory = { apiIdle: 0, apiPeak: 0, webIdle: 0, webPeak: 0 };
  let sampler: NodeJS.Timeout | undefined;
  try {
    say(`${kind}: starting the API…`);
    const apiStarted = performance.now();
    const api = startServer('api', apiPort, {
      DATABASE_URL: database,
      DATA_DIR: dataDir,
      DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    });
    instances.push(api);
    await waitReady(api);
    const apiStartSeconds = (performance.now() - apiStarted) / 1000;
    say(`${kind}: the API answers after ${apiStartSeconds.toFixed(1)} s; starting the storefront…`);
    const web = startServer('web', webPort, {
      API_URL: apiUrl,
      SITE_ID: '91',
      NEXT_DIST_DIR: distDir,
      METRICS_TOKEN: metricsToken,
    });
    instances.push(web);
    await waitReady(web, '/');
    await sleep(2000);
    memory.apiIdle = residentBytes(api.process.pid!);
    memory.webIdle = residentBytes(web.process.pid!);
    sampler = setInterval(() => {
      memory.apiPeak = Math.max(memory.apiPeak, residentBytes(api.process.pid!));
      memory.webPeak = Math.max(memory.webPeak, residentBytes(web.process.pid!));
    }, 500);

    const shop = await prepareShop(database);
    const adminToken = await login(SHOP_ADMIN_EMAIL, ADMIN_PASSWORD);
    const admin = { ...shopHeaders, authorization: `Bearer ${adminToken}` };
    const run = async (label: string, options: AutocannonOptions) => {
      say(`${kind}: ${label}…`);
      try {
        requests.set(label, await measure(options));
      } catch (error) {
        say(`${kind}: ${label} not measured: ${(error as Error).message}`);
      }
    };

    await run('API GET /product?nbItem=24 (the wine list)', {
      url: `${apiUrl}/product?nbItem=24`,
      headers: shopHeaders,
    });
    await run('API GET /product/:id (a wine)', {
      url: `${apiUrl}/product/${shop.productId}`,
      headers: shopHeaders,
    });
    await run('storefront GET /nos-vins', {
      url: `${webUrl}/nos-vins`,
      headers: { host: shopHost },
    });
    await run('storefront GET /nos-vins/<wine>', {
      url: `${webUrl}/nos-vins/${shop.slug}-${shop.productId}`,
      headers: { host: shopHost },
    });

    // Add to cart: each connection its own cart, one bottle at a time, its quantity set back to
    // one every 50 adds (the stock check counts what the cart holds).
    const add = addToCartBody();
    // The first bottle by hand: its answer names the cart line the quantity reset sets back.
    const carts: OpenCart[] = [];
    const lines = new Map<number, number>();
    for (let index = 0; index < connections; index += 1) {
      const cart = await openCart(apiPort, visitorAddress(1000 + index));
      const form = new FormData();
      form.append('type', 'MAIN_CART');
      form.append('quantity', '1');
      const added = await call(apiPort, 'POST', `/cart/${cart.id}/product/${shop.declinationId}`, {
        siteId: SHOP_SITE,
        ip: cart.ip,
        form,
        headers: { cookie: cart.cookie },
      });
      const products = (added.json?.data as { products: { id: number }[] } | null)?.products ?? [];
      if (added.status !== 200 || !products[0]) {
        throw new Error(`the first add-to-cart answered ${added.status}`);
      }
      carts.push(cart);
      lines.set(cart.id, products[0].id);
    }
    let nextCart = 0;
    await run('API POST /cart/:id/product/:declination (add to cart)', {
      url: apiUrl,
      setupClient: (client) => {
        const cart = carts[nextCart++ % carts.length]!;
        const headers = { ...shopHeaders, cookie: cart.cookie };
        client.setRequests([
          {
            method: 'PUT',
            path: `/cart/${cart.id}/product/${shop.productId}/quantity`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ quantity: 1, idCartProduct: lines.get(cart.id) }),
          },
          ...Array.from({ length: 50 }, () => ({
            method: 'POST' as const,
            path: `/cart/${cart.id}/product/${shop.declinationId}`,
            headers: { ...headers, 'content-type': add.contentType },
            body: add.body,
          })),
        ]);
      },
    });
    // A cart of its own with one bottle: the add-to-cart carts hold what the measure put there.
    const [quoteCart] = await openCarts(shop, 1, 1500);
    if (!quoteCart) throw new Error('no cart to quote');
    await run('API POST /calculate/shipping-fees', {
      url: `${apiUrl}/calculate/shipping-fees`,
      method: 'POST',
      headers: { ...shopHeaders, cookie: quoteCart.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        idCart: quoteCart.id,
        products: [{ idProduct: shop.productId, quantity: 1 }],
        postalCode: '49000',
        country: 'FRA',
      }),
    });

    say(`${kind}: opening ${ordersToPlace} carts to order…`);
    const orderCarts = await openCarts(shop, ordersToPlace, 2000);
    let nextOrder = 0;
    say(`${kind}: API POST /order (placing an order)…`);
    const orderResult = await autocannon({
      url: apiUrl,
      connections: Math.min(connections, 10),
      amount: orderCarts.length,
      requests: [
        {
          method: 'POST',
          path: '/order',
          setupRequest: (request) => {
            const index = nextOrder++;
            const cart = orderCarts[index % orderCarts.length]!;
            return {
              ...request,
              headers: {
                ...shopHeaders,
                cookie: cart.cookie,
                'content-type': 'application/json',
                'x-forwarded-for': cart.ip,
                'idempotency-key': `growth-${process.pid}-${kind}-${index}`,
              },
              body: JSON.stringify(orderBody(shop, cart.id, `commande.${index}@exemple.fr`)),
            };
          },
        },
      ],
    });
    requests.set('API POST /order (placing an order)', {
      p50: orderResult.latency.p50,
      p99: orderResult.latency.p99,
      requestsPerSecond: orderResult.requests.total / Math.max(orderResult.duration, 0.001),
      errors: orderResult.errors + orderResult.timeouts + orderResult.non2xx,
    });

    // The account's history: a customer who registers, then owns ten of the orders just placed.
    const email = `historique.${process.pid}@exemple.fr`;
    const password = `Historique-${process.pid}-2026`;
    const registered = await call(apiPort, 'POST', '/register', {
      siteId: SHOP_SITE,
      ip: '198.51.100.93',
      body: {
        email,
        password,
        firstname: 'Camille',
        lastname: 'Martin',
        phone: '0612345678',
        birthdate: '1980-05-01',
        acceptTerms: true,
      },
    });
    if (registered.status !== 200)
      throw new Error(
        `the registration answered ${registered.status}: ${registered.json?.message ?? ''}`,
      );
    const customer = registered.json?.data as { token: string; user: { id: number } };
    await adminQuery(
      database,
      `update orders set user_id = $1 where site_id = $2 and id in
         (select id from orders where site_id = $2 and email like 'commande.%' order by id desc limit 10)`,
      [customer.user.id, SHOP_SITE],
    );
    await run("API GET /order (the account's history, 10 orders)", {
      url: `${apiUrl}/order`,
      headers: { ...shopHeaders, authorization: `Bearer ${customer.token}` },
    });

    const firstPage = await call(apiPort, 'GET', '/admin/order?nbItem=20', {
      siteId: SHOP_SITE,
      token: adminToken,
    });
    const total = (firstPage.json?.data as { total: number } | null)?.total ?? 0;
    const deepPage = Math.max(1, Math.floor((total / 20) * 0.9));
    await run('API GET /admin/order (first page of 20)', {
      url: `${apiUrl}/admin/order?nbItem=20`,
      headers: admin,
    });
    await run('API GET /admin/order (the page at 90 % of the list)', {
      url: `${apiUrl}/admin/order?nbItem=20&page=${deepPage}`,
      headers: admin,
    });
    const today = new Date().toISOString().slice(0, 10);
    const quarterAgo = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    await run('API GET /admin/order (shipped, last 90 days)', {
      url: `${apiUrl}/admin/order?nbItem=20&status=SHIPPED&from=${quarterAgo}&to=${today}`,
      headers: admin,
    });
    await run('API GET /admin/customer (search by name)', {
      url: `${apiUrl}/admin/customer?search=martin`,
      headers: admin,
    });
    await run('API GET /admin/customer (search by e-mail)', {
      url: `${apiUrl}/admin/customer?search=${encodeURIComponent(email)}`,
      headers: admin,
    });
    await run('API GET /admin/order-stats (the dashboard figures)', {
      url: `${apiUrl}/admin/order-stats`,
      headers: admin,
    });

    say(`${kind}: the CSV export of site 92's orders…`);
    let exported: ExportFigures | null = null;
    let exportFailure = '';
    try {
      exported = await measureExport(api, adminToken);
    } catch (error) {
      exportFailure = (error as Error).message;
      say(`${kind}: the export was not measured: ${exportFailure}`);
    }

    const hosts = Array.from({ length: hostCount }, (_, index) =>
      growthHost(FIRST_GROWTH_SITE_ID + index),
    );
    say(`${kind}: the home page on ${hosts.length} hosts in turn, twice…`);
    let hostFigures: HostRoundFigures | null = null;
    try {
      hostFigures = await hostRounds(web, hosts);
    } catch (error) {
      say(`${kind}: the hosts were not measured: ${(error as Error).message}`);
    }
    const { rows } = await adminQuery(database, 'select count(*)::int as n from orders');
    return {
      requests,
      exported,
      exportFailure,
      hosts: hostFigures,
      apiStartSeconds,
      memory,
      orders: (rows[0] as { n: number }).n,
    };
  } finally {
    if (sampler) clearInterval(sampler);
    for (const instance of instances.reverse()) {
      if (instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill('SIGTERM');
        await instance.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- the run --------------------------------------------------------------------------------

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function buildStorefront(): Promise<void> {
  const built = existsSync(path.join(root, 'apps/web', distDir, 'BUILD_ID'));
  if (built && process.env.GROWTH_REUSE_BUILD === '1') {
    say(`Reusing the storefront build in apps/web/${distDir} (GROWTH_REUSE_BUILD=1).`);
    return;
  }
  say(`Building the storefront into apps/web/${distDir} (a minute or more)…`);
  const build = spawn(path.join(root, 'node_modules/.bin/next'), ['build'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number>((resolve) =>
    build.on('exit', (exit) => resolve(exit ?? 1)),
  );
  if (code !== 0) throw new Error(`the storefront build failed (exit code ${code})`);
}

async function main(): Promise<void> {
  const started = Date.now();
  say(
    `Scale ${shape.scale}: ${shape.sites} sites, ${shape.customers.toLocaleString('en')} customers, ${shape.orders.toLocaleString('en')} orders (site 92: ${shape.largeSiteOrders.toLocaleString('en')} orders, ${shape.largeSiteProducts.toLocaleString('en')} more products); ${seconds} s per measure, ${connections} connections (GROWTH_SCALE, GROWTH_SECONDS, GROWTH_CONNECTIONS).`,
  );
  for (const port of [apiPort, webPort]) {
    if (await portInUse(port)) {
      throw new Error(`port ${port} is already in use (GROWTH_API_PORT, GROWTH_WEB_PORT)`);
    }
  }
  await buildStorefront();
  const demo = databaseName('demo');
  const growth = databaseName('data');
  try {
    await adminQuery(serverUrl, `CREATE DATABASE ${demo}`);
    await adminQuery(serverUrl, `CREATE DATABASE ${growth}`);
    say('Writing the demo data (migrations and seed)…');
    await runSeed(databaseUrl(demo), ADMIN_PASSWORD);
    say('Writing the growth data…');
    const generationStarted = Date.now();
    await generateGrowthData(databaseUrl(growth), shape, {
      say,
      demoAdminPassword: ADMIN_PASSWORD,
    });
    const generationSeconds = (Date.now() - generationStarted) / 1000;

    const small = await measureDataset('demo', databaseUrl(demo));
    const large = await measureDataset('growth', databaseUrl(growth));

    const comparisons: RequestComparison[] = [
      ...new Set([...small.requests.keys(), ...large.requests.keys()]),
    ].map((label) => ({
      label,
      small: small.requests.get(label) ?? null,
      growth: large.requests.get(label) ?? null,
    }));
    const requestTable = requestRows(comparisons);
    const exportLabel = (name: string, figures: DatasetFigures) =>
      figures.exported
        ? `${name} (${figures.exported.orders.toLocaleString('en')} orders)`
        : `${name} (${figures.exportFailure})`;
    const exportTable = exportRows([
      { label: exportLabel('demo data', small), figures: small.exported },
      { label: exportLabel('growth data', large), figures: large.exported },
    ]);
    const hostTable = hostRows([
      { label: 'demo data (the hosts fall back to site 91)', figures: small.hosts },
      { label: 'growth data (one site per host)', figures: large.hosts },
    ]);
    const met = requestTable.met + exportTable.met + hostTable.met;
    const total = requestTable.total + exportTable.total + hostTable.total;

    console.log('');
    console.log(
      table(
        `Requests of site 92, demo data beside growth data (${shape.orders.toLocaleString('en')} orders in all, ${large.orders.toLocaleString('en')} after the run; ${seconds} s each, ${connections} connections)`,
        requestHeader,
        requestTable.rows,
      ),
    );
    console.log('');
    console.log(table('CSV export of all of site 92’s orders', exportHeader, exportTable.rows));
    console.log('');
    console.log(
      table('Storefront home page on one host after another', hostHeader, hostTable.rows),
    );
    console.log('');
    console.log(
      table(
        'Start and resident memory',
        ['figure', 'demo data', 'growth data'],
        [
          [
            'API start (spawn to /ready), s',
            small.apiStartSeconds.toFixed(1),
            large.apiStartSeconds.toFixed(1),
          ],
          [
            'API resident MB, idle → peak',
            `${mb(small.memory.apiIdle)} → ${mb(small.memory.apiPeak)}`,
            `${mb(large.memory.apiIdle)} → ${mb(large.memory.apiPeak)}`,
          ],
          [
            'storefront resident MB, idle → peak',
            `${mb(small.memory.webIdle)} → ${mb(small.memory.webPeak)}`,
            `${mb(large.memory.webIdle)} → ${mb(large.memory.webPeak)}`,
          ],
          ['growth data written in, s', '—', generationSeconds.toFixed(0)],
        ],
      ),
    );
    console.log('');
    console.log(
      `Goals met: ${met} of ${total}. Load average (1 min) ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores. Total time ${((Date.now() - started) / 60_000).toFixed(1)} min.`,
    );
  } finally {
    for (const name of [demo, growth]) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(
        () => undefined,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(`[growth] Could not run: ${(error as Error).message}`);
  process.exitCode = 1;
});
