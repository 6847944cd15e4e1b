/**
 * `npm run bench`: issue 7's speed goals, each measured beside its reference in the same run on the
 * same machine, and printed as markdown tables (figure, reference, ratio, goal, met):
 * - API read path: `GET /parameter`, `GET /site/info` and `GET /page/:id` (the home page) against
 *   bare Fastify routes answering the same JSON (bench/reference-servers.ts);
 * - home page throughput: the storefront's `/` against a bare Next.js page with the same HTML body
 *   (bench/bare-next, built and started in this run from the body captured here);
 * - the shop (site 92): `GET /product?nbItem=100` beside a bare Fastify route answering the same
 *   JSON, and add-to-cart (`POST /cart/{id}/product/{declinationId}`, multipart) beside a bare
 *   Fastify route that parses the same multipart, upserts one row and answers the same cart JSON
 *   (bench/shop-reference.ts, decision 0041);
 * - order creation (site 92) on a second API started on PostgreSQL, beside a bare Fastify route
 *   doing one stock-and-insert transaction on the same server (bench/order-reference.ts);
 * - Lighthouse over the public routes of both demo sites (bench/routes.ts) and the bare page;
 * - the reservations' free-time computation for a month of 3 resources, in this process
 *   (bench/booking-availability.ts, goal under 50 ms).
 * A slow machine gives low figures, never a failure: the exit code is 1 only when something could
 * not start at all.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBookingAvailability } from './booking-availability';
import { parseStorefrontPage, rootRelativeUrls, type StorefrontPage } from './capture';
import type { LighthouseOutcome, LighthouseTarget } from './lighthouse';
import {
  combineRounds,
  goals,
  kib,
  lighthouseVerdicts,
  markdownTable,
  throughputRows,
  times,
  yesNo,
  type RoundFigures,
  type Throughput,
  type ThroughputPair,
} from './report';
import { publicRoutes, selectRoutes } from './routes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const bareNextDir = path.join(root, 'bench/bare-next');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const seconds = numberFromEnv('BENCH_SECONDS', 10);
const warmUpSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 3);
const rounds = Math.round(numberFromEnv('BENCH_ROUNDS', 3));
const connections = numberFromEnv('BENCH_CONNECTIONS', 20);
const lighthouseRuns = numberFromEnv('BENCH_LIGHTHOUSE_RUNS', 3);
/** The public routes Lighthouse measures (BENCH_LIGHTHOUSE_ROUTES, e.g. `92:/nos-vins`): all by default. */
const lighthouseRoutes = selectRoutes(publicRoutes, process.env.BENCH_LIGHTHOUSE_ROUTES);
const groups = new Set(
  (process.env.BENCH_GROUPS ?? 'api,shop,delivery,orders,home,lighthouse,booking')
    .split(',')
    .map((group) => group.trim()),
);
/**
 * Site settings both demo sites take before anything is measured, e.g.
 * `BENCH_SITE_PARAMETERS='{"DARK_THEME":true,"SHOW_SEARCHBAR":true}'`: the pages are then measured
 * as a site that turned them on serves them (issue 27: the search box and the dark theme must not
 * cost a first load). Set through the back office's own call, as each site's administrator.
 */
const siteParameters = JSON.parse(process.env.BENCH_SITE_PARAMETERS ?? '{}') as Record<
  string,
  string | number | boolean | null
>;
const benchAdminPassword = `Bench-${process.pid}-${Date.now()}`;
const apiPort = numberFromEnv('BENCH_API_PORT', 4300);
const webPort = numberFromEnv('BENCH_WEB_PORT', 3300);
const ports = {
  api: apiPort,
  bareFastify: apiPort + 1,
  shopReference: apiPort + 2,
  bareDelivery: apiPort + 3,
  ordersApi: apiPort + 4,
  orderReference: apiPort + 5,
  web: webPort,
  bareNext: webPort + 1,
};
const apiUrl = `http://127.0.0.1:${ports.api}`;
const webUrl = `http://127.0.0.1:${ports.web}`;
const bareNextUrl = `http://127.0.0.1:${ports.bareNext}`;
/** The bench's own storefront build, so that it never replaces the build `npm start` serves. */
const storefrontDistDir = '.next-bench';
const siteHeaders = { siteId: '91', userLang: 'fr_FR' };
/** The shop is site 92's (Domaine des Trois Coteaux). */
const shopHeaders = { siteId: '92', userLang: 'fr_FR' };

const workDir = mkdtempSync(path.join(os.tmpdir(), 'comptoir-bench-'));
const startedAt = Date.now();
const say = (line: string) => console.log(`[bench] ${line}`);

// ---------------------------------------------------------------------------------------------
// Processes

interface Running {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, shown when it fails. */
  output: string[];
}
const running: Running[] = [];

/** Starts a process in its own process group (so that stopping it stops its children too). */
function startProcess(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Running {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const entry: Running = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    entry.output.push(...chunk.toString().split('\n').filter(Boolean));
    entry.output.splice(0, Math.max(0, entry.output.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  running.push(entry);
  return entry;
}

function failure(entry: Running, what: string): Error {
  if (entry.output.length > 0) console.error(entry.output.map((line) => `  ${line}`).join('\n'));
  return new Error(`${entry.name} ${what} (its last lines are above)`);
}

async function runToEnd(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<void> {
  const entry = startProcess(name, command, args, cwd, env);
  const code = await new Promise<number>((resolve) =>
    entry.child.on('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  if (code !== 0) throw failure(entry, `failed with exit code ${code}`);
}

function stopAll(): void {
  for (const { child } of running) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** GET with an explicit Host header (fetch does not let one set it). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function getOk(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const { status, body } = await get(url, headers);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return body;
}

/** Any request, with its answer's headers (the cart's secret comes back as a cookie). */
function send(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: options.method, headers: options.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

async function waitUntilServing(entry: Running, url: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (entry.child.exitCode !== null) throw failure(entry, `stopped during start-up`);
    try {
      if ((await get(url, headers)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw failure(entry, `did not answer ${url} within 3 minutes`);
}

// ---------------------------------------------------------------------------------------------
// The servers under test and their references

function startApi(): Running {
  return startProcess('the API', bin('tsx'), ['src/server.ts'], path.join(root, 'apps/api'), {
    API_PORT: String(ports.api),
    DATA_DIR: workDir,
    LOG_LEVEL: 'warn',
    // The demo administrators, only to set BENCH_SITE_PARAMETERS.
    DEMO_ADMIN_PASSWORD: benchAdminPassword,
  });
}

/** The demo sites' administrators (apps/api/src/db/seed/accounts.ts). */
const DEMO_ADMINS: Record<number, string> = {
  91: 'admin@atelier-clemence.fr',
  92: 'admin@domaine-trois-coteaux.fr',
};

/** Sets BENCH_SITE_PARAMETERS on both demo sites, through PUT /admin/parameter. */
async function applySiteParameters(): Promise<void> {
  if (Object.keys(siteParameters).length === 0) return;
  say(`Setting ${Object.keys(siteParameters).join(', ')} on sites 91 and 92…`);
  for (const [siteId, email] of Object.entries(DEMO_ADMINS)) {
    const login = await fetch(`${apiUrl}/login`, {
      method: 'POST',
      headers: { siteId, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: benchAdminPassword }),
    });
    if (!login.ok) throw new Error(`cannot log in on site ${siteId}: ${await login.text()}`);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const saved = await fetch(`${apiUrl}/admin/parameter`, {
      method: 'PUT',
      headers: { siteId, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(siteParameters),
    });
    if (!saved.ok) throw new Error(`site ${siteId} refused the settings: ${await saved.text()}`);
  }
}

/**
 * How the bench starts the storefront, as `npm start` does: apps/web/server.ts (Next behind the
 * server that writes the client's address into the forwarding headers) on the bench's build.
 */
function startStorefront(): Running {
  return startProcess('the storefront', bin('tsx'), ['server.ts'], webDir, {
    API_URL: apiUrl,
    PORT: String(ports.web),
    SITE_ID: '91',
    NEXT_DIST_DIR: storefrontDistDir,
  });
}

/** The site-91 host, as a visitor's browser sends it: the storefront resolves the site from it. */
const storefrontHost = { host: `localhost:${ports.web}` };

/**
 * Writes what the bare Next app renders: the storefront home page's body without scripts, its
 * stylesheets (with the files they reference) and theme variables, and the storefront's public
 * files (images), so that both pages load the same resources from their own origin.
 */
async function prepareBareNext(page: StorefrontPage): Promise<void> {
  const capturedDir = path.join(bareNextDir, 'captured');
  const publicDir = path.join(bareNextDir, 'public');
  rmSync(capturedDir, { recursive: true, force: true });
  rmSync(publicDir, { recursive: true, force: true });
  mkdirSync(capturedDir, { recursive: true });
  // The cookie banner's vendor files are not part of the page body.
  cpSync(path.join(webDir, 'public'), publicDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'vendor',
  });
  const assetsDir = path.join(publicDir, 'captured-assets');
  mkdirSync(assetsDir, { recursive: true });

  const stylesheets: string[] = [];
  for (const href of page.stylesheets) {
    let css = (await getOk(`${webUrl}${href}`, storefrontHost)).toString('utf8');
    for (const url of rootRelativeUrls(css)) {
      const name = path.basename(url.split(/[?#]/)[0]!);
      writeFileSync(path.join(assetsDir, name), await getOk(`${webUrl}${url}`, storefrontHost));
      css = css.split(url).join(`/captured-assets/${name}`);
    }
    stylesheets.push(css);
  }
  // The storefront sets the theme on <html style>; last, so it wins over earlier :root rules.
  stylesheets.push(`:root{${page.htmlStyle}}`);
  writeFileSync(path.join(capturedDir, 'storefront.css'), stylesheets.join('\n'));
  const { stylesheets: _stylesheets, htmlStyle: _htmlStyle, ...captured } = page;
  writeFileSync(path.join(capturedDir, 'page.json'), JSON.stringify(captured));
}

function startBareNext(): Running {
  return startProcess(
    'the bare Next page',
    bin('next'),
    ['start', '-p', String(ports.bareNext)],
    bareNextDir,
    {
      PORT: String(ports.bareNext),
    },
  );
}

async function apiJson(
  pathname: string,
  headers: Record<string, string> = siteHeaders,
): Promise<string> {
  return (await getOk(`${apiUrl}${pathname}`, headers)).toString('utf8');
}

async function homePageId(): Promise<number> {
  const tree = JSON.parse(await apiJson('/page/tree')) as { data: { id: number; url: string }[] };
  const home = tree.data.find((page) => page.url === '/');
  if (!home) throw new Error('site 91 has no home page (GET /page/tree has no url "/")');
  return home.id;
}

// ---------------------------------------------------------------------------------------------
// Measures

async function measure(target: Target, duration: number): Promise<RoundFigures> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    headers: target.headers,
    method: target.method ?? 'GET',
    ...(target.body === undefined ? {} : { body: target.body }),
    ...target.options,
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  /** A JSON body, sent with every request. */
  body?: string;
  /** More autocannon options: a request sequence per connection (add-to-cart). */
  options?: Partial<autocannon.Options>;
}

/**
 * Warms both up, then measures the subject and its reference in alternating rounds, so that a busy
 * moment of a shared machine falls on both sides rather than on one.
 */
async function measurePair(subject: Target, reference: Target): Promise<[Throughput, Throughput]> {
  const roundSeconds = Math.max(1, Math.round(seconds / rounds));
  say(
    `${subject.label} beside ${reference.label}: warm-up ${warmUpSeconds} s each, then ${rounds} alternating rounds of ${roundSeconds} s each, ${connections} connections…`,
  );
  await measure(subject, warmUpSeconds);
  await measure(reference, warmUpSeconds);
  const subjectRounds: RoundFigures[] = [];
  const referenceRounds: RoundFigures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    subjectRounds.push(await measure(subject, roundSeconds));
    referenceRounds.push(await measure(reference, roundSeconds));
  }
  const figures: [Throughput, Throughput] = [
    combineRounds(subjectRounds),
    combineRounds(referenceRounds),
  ];
  say(
    `${subject.label}: ${figures[0].requestsPerSecond.toFixed(0)} req/s, ${reference.label} ${figures[1].requestsPerSecond.toFixed(0)} req/s`,
  );
  return figures;
}

let goalsMet = 0;
let goalsTotal = 0;
const tables: string[] = [];

function addThroughputTable(title: string, pairs: ThroughputPair[]): void {
  const { rows, met, total } = throughputRows(pairs);
  goalsMet += met;
  goalsTotal += total;
  tables.push(
    `### ${title}\n\n${markdownTable(['measure', 'figure', 'reference', 'ratio', 'goal', 'met'], rows)}`,
  );
}

/**
 * Starts bare Fastify routes answering fixed JSON bodies captured from the API in this run
 * (bench/reference-servers.ts), in their own process like the real API.
 */
async function startReferenceServer(
  name: string,
  port: number,
  routes: { route: string; file: string; method?: 'GET' | 'POST' }[],
): Promise<void> {
  const routesFile = path.join(workDir, `reference-routes-${port}.json`);
  writeFileSync(routesFile, JSON.stringify(routes));
  say(`Starting ${name}…`);
  const reference = fork(
    path.join(root, 'bench/reference-servers.ts'),
    [String(port), routesFile],
    {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      detached: true,
    },
  );
  running.push({ name, child: reference, output: [] });
  await new Promise<void>((resolve, reject) => {
    reference.once('message', () => resolve());
    reference.once('exit', (code) => reject(new Error(`${name} stopped (exit code ${code})`)));
  });
}

async function benchApi(): Promise<void> {
  const pageId = await homePageId();
  const endpoints = [
    { label: 'GET /parameter', route: '/parameter', path: '/parameter' },
    { label: 'GET /site/info', route: '/site/info', path: '/site/info' },
    { label: `GET /page/${pageId} (home)`, route: '/page/:id', path: `/page/${pageId}` },
  ];
  const routes = [];
  for (const [index, endpoint] of endpoints.entries()) {
    const file = path.join(workDir, `reference-${index}.json`);
    writeFileSync(file, await apiJson(endpoint.path));
    routes.push({ route: endpoint.route, file });
  }
  await startReferenceServer('the bare Fastify reference', ports.bareFastify, routes);

  const pairs: ThroughputPair[] = [];
  for (const endpoint of endpoints) {
    const [subject, bare] = await measurePair(
      { label: endpoint.label, url: `${apiUrl}${endpoint.path}`, headers: siteHeaders },
      {
        label: 'bare Fastify',
        url: `http://127.0.0.1:${ports.bareFastify}${endpoint.path}`,
        headers: {},
      },
    );
    pairs.push({
      label: endpoint.label,
      referenceLabel: 'bare Fastify',
      subject,
      reference: bare,
      throughputGoal: goals.apiThroughputRatio,
      p99Goal: goals.apiP99Ratio,
    });
  }
  addThroughputTable('API read path (beside bare Fastify routes serving the same JSON)', pairs);
}

/**
 * Shop II's delivery calls beside bare routes answering their captured bodies: the shipping-fee quote of a
 * 6-bottle cart of site 92 (the cart read and priced, the grids packed per carrier) and a city
 * search by name scanning the whole commune list.
 */
async function benchDelivery(): Promise<void> {
  const shopHeaders = { siteId: '92', userLang: 'fr_FR' };
  const opened = await fetch(`${apiUrl}/cart`, {
    method: 'POST',
    headers: { ...shopHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'MAIN_CART' }),
  });
  const cartId = ((await opened.json()) as { data: { id: number } }).data.id;
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0]!;
  const list = JSON.parse(
    (await getOk(`${apiUrl}/product?type=WINE`, shopHeaders)).toString('utf8'),
  ) as { data: { siteProducts: { declinations: { id: number }[] }[] } };
  type BenchCart = { products: { productId: number; quantity: number }[] };
  const addSixOfTheFirstWine = async (): Promise<BenchCart | null> => {
    for (const product of list.data.siteProducts) {
      const form = new FormData();
      form.set('type', 'MAIN_CART');
      form.set('quantity', '6');
      const added = await fetch(`${apiUrl}/cart/${cartId}/product/${product.declinations[0]!.id}`, {
        method: 'POST',
        headers: { ...shopHeaders, cookie },
        body: form,
      });
      if (added.ok) return ((await added.json()) as { data: BenchCart }).data;
    }
    return null;
  };
  const cart = await addSixOfTheFirstWine();
  if (!cart) throw new Error('no wine of site 92 could be added to a cart');
  const quoteBody = JSON.stringify({
    idCart: cartId,
    products: cart.products.map((line) => ({ idProduct: line.productId, quantity: line.quantity })),
    postalCode: '49000',
    country: 'FRA',
  });
  const postHeaders = { ...shopHeaders, cookie, 'content-type': 'application/json' };
  const quoted = await fetch(`${apiUrl}/calculate/shipping-fees`, {
    method: 'POST',
    headers: postHeaders,
    body: quoteBody,
  });
  if (!quoted.ok) throw new Error(`POST /calculate/shipping-fees answered ${quoted.status}`);
  const quoteFile = path.join(workDir, 'reference-shipping-fees.json');
  writeFileSync(quoteFile, await quoted.text());
  const citiesPath = '/cities/saint/250';
  const citiesFile = path.join(workDir, 'reference-cities.json');
  writeFileSync(citiesFile, await apiJson(citiesPath, shopHeaders));
  await startReferenceServer('the bare Fastify reference of the shop calls', ports.bareDelivery, [
    { route: '/calculate/shipping-fees', file: quoteFile, method: 'POST' },
    { route: '/cities/:search/:idCountry', file: citiesFile },
  ]);
  const bareDeliveryUrl = `http://127.0.0.1:${ports.bareDelivery}`;
  const measures = [
    {
      label: 'POST /calculate/shipping-fees (6 bottles, 3 carriers)',
      path: '/calculate/shipping-fees',
      headers: postHeaders,
      method: 'POST' as const,
      body: quoteBody,
    },
    {
      label: `GET ${citiesPath} (city search)`,
      path: citiesPath,
      headers: shopHeaders,
      method: 'GET' as const,
      body: undefined,
    },
  ];
  const pairs: ThroughputPair[] = [];
  for (const measure of measures) {
    const [subject, bare] = await measurePair(
      {
        label: measure.label,
        url: `${apiUrl}${measure.path}`,
        headers: measure.headers,
        method: measure.method,
        body: measure.body,
      },
      {
        label: 'bare Fastify',
        url: `${bareDeliveryUrl}${measure.path}`,
        headers: measure.body === undefined ? {} : { 'content-type': 'application/json' },
        method: measure.method,
        body: measure.body,
      },
    );
    pairs.push({
      label: measure.label,
      referenceLabel: 'bare Fastify',
      subject,
      reference: bare,
      // No goal: the issue asks for these figures beside their reference, and sets none.
    });
  }
  addThroughputTable(
    'Delivery calls, site 92 (beside bare Fastify routes serving the same JSON)',
    pairs,
  );
}

// ---------------------------------------------------------------------------------------------
// Orders (site 92, on PostgreSQL)

/** The PostgreSQL server the order measure creates its own database on (dropped at the end). */
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ordersDatabase = `comptoir_bench_orders_${process.pid}`;
const ordersDatabaseUrl = (() => {
  const url = new URL(postgresUrl);
  url.pathname = `/${ordersDatabase}`;
  return url.toString();
})();
/** How many orders each side places (each order needs its own cart, prepared beforehand). */
const orderCount = numberFromEnv('BENCH_ORDERS', 300);

async function onPostgres(statement: string, url = postgresUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function orderTarget(
  label: string,
  url: string,
  carts: BenchCart[],
  order: (cartId: number, index: number) => unknown,
): Promise<RoundFigures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: Math.min(connections, 10),
    amount: carts.length,
    requests: [
      {
        method: 'POST',
        path: '/order',
        setupRequest: (request) => {
          const index = next;
          next += 1;
          const cart = carts[index % carts.length]!;
          return {
            ...request,
            headers: {
              ...shopHeaders,
              cookie: cart.cookie,
              'content-type': 'application/json',
              'idempotency-key': `bench-order-${process.pid}-${index}`,
            },
            body: JSON.stringify(order(cart.id, index)),
          };
        },
      },
    ],
  });
  say(`${label}: ${result.requests.total} orders in ${result.duration.toFixed(1)} s`);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Order creation on real PostgreSQL (issue 10): a second API started on a fresh PostgreSQL
 * database places `BENCH_ORDERS` guest orders (one bottle each, home delivery, bank transfer),
 * each from its own prepared cart, ten at a time; beside it, a bare Fastify route on the same
 * server does the least an order needs (bench/order-reference.ts). Every order locks the same
 * declination row, as a shop's best seller does.
 */
async function benchOrders(): Promise<void> {
  say(`Creating the PostgreSQL database ${ordersDatabase} for the order measure…`);
  await onPostgres(`CREATE DATABASE ${ordersDatabase}`);
  const ordersApiUrl = `http://127.0.0.1:${ports.ordersApi}`;
  say('Starting a second API on PostgreSQL (migrations and seed)…');
  const api = startProcess(
    'the API on PostgreSQL',
    bin('tsx'),
    ['src/server.ts'],
    path.join(root, 'apps/api'),
    {
      API_PORT: String(ports.ordersApi),
      DATABASE_URL: ordersDatabaseUrl,
      DATA_DIR: path.join(workDir, 'orders-api'),
      LOG_LEVEL: 'warn',
    },
  );
  await waitUntilServing(api, `${ordersApiUrl}/health`);
  // Enough bottles for every order of the run: stock is what the measure takes, not what stops it.
  await onPostgres('UPDATE declinations SET stock = 1000000', ordersDatabaseUrl);

  const listJson = (await getOk(`${ordersApiUrl}/product?nbItem=100`, shopHeaders)).toString(
    'utf8',
  );
  const list = (JSON.parse(listJson) as { data: { siteProducts: ShopProduct[] } }).data
    .siteProducts;
  const { declination } = await benchDeclination(list, ordersApiUrl);
  say(`Opening ${orderCount} visitor carts with one bottle of declination ${declination.id}…`);
  const { carts } = await openBenchCarts(declination.id, orderCount + 1, ordersApiUrl);
  const [first, ...rest] = carts as [BenchCart, ...BenchCart[]];

  const quoted = await send(`${ordersApiUrl}/calculate/shipping-fees`, {
    method: 'POST',
    headers: { ...shopHeaders, cookie: first.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      idCart: first.id,
      products: [
        {
          idProduct: list.find((product) =>
            product.declinations.some((candidate) => candidate.id === declination.id),
          )!.id,
          quantity: 1,
        },
      ],
      postalCode: '49000',
      country: 'FRA',
    }),
  });
  const carrierList =
    (
      JSON.parse(quoted.body.toString('utf8')) as {
        data: { carriers: { id: number; deliveryType: string }[] } | null;
      }
    ).data?.carriers ?? [];
  const carrier = carrierList.find((candidate) => candidate.deliveryType === 'DELIVERY');
  if (!carrier) throw new Error(`no home-delivery carrier was quoted for 49000 (${quoted.status})`);

  const address = {
    firstname: 'Camille',
    lastname: 'Martin',
    firstPart: '12 rue des Lices',
    postalCode: '49000',
    city: 'Angers',
    country: 'France',
  };
  const order = (cartId: number, index: number) => ({
    idCart: cartId,
    user: {
      phone: '0612345678',
      email: `client-${index}@bench.invalid`,
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1980-05-01',
    },
    address: { billing: address, delivery: address },
    delivery: { type: 'DELIVERY', idCarrier: carrier.id },
    deliveryPostalCode: '49000',
    deliveryIdCountry: 'FRA',
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
  });
  // One order first, so that a refused body is told plainly rather than counted as errors.
  const placed = await send(`${ordersApiUrl}/order`, {
    method: 'POST',
    headers: { ...shopHeaders, cookie: first.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(order(first.id, 0)),
  });
  if (placed.status !== 200) {
    throw new Error(
      `POST /order answered ${placed.status}: ${placed.body.toString('utf8').slice(0, 300)}`,
    );
  }

  say('Starting the bare Fastify order reference (one transaction on PostgreSQL)…');
  const reference = fork(
    path.join(root, 'bench/order-reference.ts'),
    [String(ports.orderReference), ordersDatabaseUrl],
    {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      detached: true,
    },
  );
  running.push({ name: 'the bare Fastify order reference', child: reference, output: [] });
  await new Promise<void>((resolve, reject) => {
    reference.once('message', () => resolve());
    reference.once('exit', (code) =>
      reject(new Error(`the order reference stopped (exit code ${code})`)),
    );
  });

  say(`Placing ${rest.length} orders on each side, ${Math.min(connections, 10)} at a time…`);
  const subject = await orderTarget('POST /order (API on PostgreSQL)', ordersApiUrl, rest, order);
  const bare = await orderTarget(
    'bare Fastify order (one transaction)',
    `http://127.0.0.1:${ports.orderReference}`,
    rest,
    order,
  );
  addThroughputTable('Order creation, site 92 on PostgreSQL (beside a bare transaction)', [
    {
      label: 'POST /order (1 bottle, home delivery, bank transfer, guest)',
      referenceLabel: 'bare Fastify + one transaction',
      subject: combineRounds([subject]),
      reference: combineRounds([bare]),
      // No goal: the issue asks for the figure, and sets none.
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// The shop (site 92)

interface ShopDeclination {
  id: number;
  quantity: number;
  setQuantity: boolean;
  sellByMultipleOf: number;
}
interface ShopProduct {
  id: number;
  type: string;
  declinations: ShopDeclination[];
}

/**
 * The declination the add-to-cart measure adds: a wine sold by the unit, asking no required
 * customization, with the most stock (each connection's cart holds at most its stock).
 */
const stockOf = (declination: ShopDeclination) =>
  declination.setQuantity ? declination.quantity : Number.MAX_SAFE_INTEGER;

async function benchDeclination(list: ShopProduct[], baseUrl = apiUrl) {
  const candidates = list
    .filter((product) => product.type === 'WINE')
    .flatMap((product) =>
      product.declinations
        .filter((declination) => declination.sellByMultipleOf === 1)
        .map((declination) => ({ product, declination })),
    )
    // Unmanaged stock first (no limit), then the largest stock.
    .sort((a, b) => stockOf(b.declination) - stockOf(a.declination));
  for (const candidate of candidates) {
    const customizations = JSON.parse(
      (
        await getOk(`${baseUrl}/product/${candidate.product.id}/customization`, shopHeaders)
      ).toString('utf8'),
    ) as { data: { isRequired: boolean }[] };
    if (customizations.data.every((customization) => !customization.isRequired)) return candidate;
  }
  throw new Error('site 92 has no wine sold by the unit without a required customization');
}

/** A multipart body as the storefront's FormData sends it (type and quantity, no file). */
function addToCartBody(quantity: number): { body: Buffer; contentType: string } {
  const boundary = '----comptoirbench7MA4YWxkTrZu0gW';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    body: Buffer.from(
      `${part('type', 'MAIN_CART')}${part('quantity', String(quantity))}--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface BenchCart {
  id: number;
  cookie: string;
  lineId: number;
}

/**
 * One anonymous cart per connection, opened as visitors open them (each from its own address of
 * the benchmarking range 198.18.0.0/15, so that the per-address cart limit is not what is
 * measured), each holding one bottle of the declination. Answers the last cart's JSON too.
 */
async function openBenchCarts(declinationId: number, count: number, baseUrl = apiUrl) {
  const carts: BenchCart[] = [];
  let cartJson = '';
  const add = addToCartBody(1);
  for (let index = 0; index < count; index += 1) {
    const opened = await send(`${baseUrl}/cart`, {
      method: 'POST',
      headers: {
        ...shopHeaders,
        'content-type': 'application/json',
        'x-forwarded-for': `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      },
      body: JSON.stringify({ type: 'MAIN_CART' }),
    });
    if (opened.status !== 200) throw new Error(`POST /cart answered ${opened.status}`);
    const setCookie = [opened.headers['set-cookie'] ?? []].flat();
    const secret = setCookie.find((cookie) => cookie.startsWith('cart_secret_92='));
    if (!secret) throw new Error('POST /cart set no cart secret cookie');
    const cookie = secret.split(';')[0]!;
    const id = (JSON.parse(opened.body.toString('utf8')) as { data: { id: number } }).data.id;
    const added = await send(`${baseUrl}/cart/${id}/product/${declinationId}`, {
      method: 'POST',
      headers: { ...shopHeaders, cookie, 'content-type': add.contentType },
      body: add.body,
    });
    if (added.status !== 200) {
      throw new Error(
        `the first add-to-cart answered ${added.status}: ${added.body.toString('utf8').slice(0, 200)}`,
      );
    }
    cartJson = added.body.toString('utf8');
    const line = (JSON.parse(cartJson) as { data: { products: { id: number }[] } }).data
      .products[0]!;
    carts.push({ id, cookie, lineId: line.id });
  }
  return { carts, cartJson };
}

/**
 * Each connection adds to its own cart: first its quantity back to one bottle
 * (PUT …/quantity), then `adds` add-to-carts of one bottle, and again. The stock check counts what
 * the cart holds, so the cycle keeps every cart under the stock; one request in `adds + 1` is the
 * reset. The reference gets the very same requests.
 */
function addToCartTarget(
  label: string,
  baseUrl: string,
  carts: BenchCart[],
  productId: number,
  declinationId: number,
  adds: number,
): Target {
  const add = addToCartBody(1);
  let next = 0;
  return {
    label,
    url: baseUrl,
    headers: shopHeaders,
    options: {
      setupClient: (client) => {
        const cart = carts[next % carts.length]!;
        next += 1;
        const headers = { ...shopHeaders, cookie: cart.cookie };
        client.setRequests([
          {
            method: 'PUT',
            path: `/cart/${cart.id}/product/${productId}/quantity`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ quantity: 1, idCartProduct: cart.lineId }),
          },
          ...Array.from({ length: adds }, () => ({
            method: 'POST' as const,
            path: `/cart/${cart.id}/product/${declinationId}`,
            headers: { ...headers, 'content-type': add.contentType },
            body: add.body,
          })),
        ]);
      },
    },
  };
}

async function benchShop(): Promise<void> {
  const listPath = '/product?nbItem=100';
  const listJson = (await getOk(`${apiUrl}${listPath}`, shopHeaders)).toString('utf8');
  const list = (JSON.parse(listJson) as { data: { siteProducts: ShopProduct[] } }).data
    .siteProducts;
  const { product, declination } = await benchDeclination(list);
  // At most 100 adds a cycle, and never more than the stock allows after the reset's bottle.
  const adds = declination.setQuantity ? Math.min(100, declination.quantity - 2) : 100;
  if (adds < 5) throw new Error(`declination ${declination.id} has too little stock to add to`);
  say(`Opening ${connections} visitor carts with one bottle of declination ${declination.id}…`);
  const { carts, cartJson } = await openBenchCarts(declination.id, connections);

  const listFile = path.join(workDir, 'shop-product-list.json');
  const cartFile = path.join(workDir, 'shop-cart.json');
  writeFileSync(listFile, listJson);
  writeFileSync(cartFile, cartJson);
  const configFile = path.join(workDir, 'shop-reference.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      productList: listFile,
      cart: cartFile,
      dataDir: path.join(workDir, 'shop-reference-db'),
    }),
  );
  say('Starting the bare Fastify shop reference (multipart, one PGlite row)…');
  const reference = fork(
    path.join(root, 'bench/shop-reference.ts'),
    [String(ports.shopReference), configFile],
    {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      detached: true,
    },
  );
  running.push({ name: 'the bare Fastify shop reference', child: reference, output: [] });
  await new Promise<void>((resolve, reject) => {
    reference.once('message', () => resolve());
    reference.once('exit', (code) =>
      reject(new Error(`the bare Fastify shop reference stopped (exit code ${code})`)),
    );
  });
  const referenceUrl = `http://127.0.0.1:${ports.shopReference}`;

  const listLabel = `GET ${listPath} (site 92, ${list.length} products)`;
  const [listSubject, listBare] = await measurePair(
    { label: listLabel, url: `${apiUrl}${listPath}`, headers: shopHeaders },
    { label: 'bare Fastify', url: `${referenceUrl}${listPath}`, headers: {} },
  );
  const addLabel = `POST /cart/{id}/product/${declination.id} (multipart, 1 quantity reset per ${adds} adds)`;
  const [addSubject, addBare] = await measurePair(
    addToCartTarget(addLabel, apiUrl, carts, product.id, declination.id, adds),
    addToCartTarget(
      'bare Fastify (multipart + one row)',
      referenceUrl,
      carts,
      product.id,
      declination.id,
      adds,
    ),
  );
  addThroughputTable(
    'Shop, site 92 (beside bare Fastify routes: the same JSON; the same multipart parsed and one row written)',
    [
      {
        label: listLabel,
        referenceLabel: 'bare Fastify',
        subject: listSubject,
        reference: listBare,
        throughputGoal: goals.apiThroughputRatio,
        p99Goal: goals.apiP99Ratio,
      },
      {
        label: addLabel,
        referenceLabel: 'bare Fastify (multipart + one row)',
        subject: addSubject,
        reference: addBare,
        // No goal: the issue asks for the figure beside a reference; an add reads the stock,
        // prices the line and writes it where the reference writes one row.
      },
    ],
  );
}

async function benchHome(): Promise<void> {
  const [subject, bare] = await measurePair(
    { label: 'GET / (site 91 home)', url: `${webUrl}/`, headers: storefrontHost },
    { label: 'bare Next page', url: `${bareNextUrl}/`, headers: {} },
  );
  addThroughputTable('Home page throughput (beside a bare Next.js page with the same body)', [
    {
      label: 'GET / (site 91 home)',
      referenceLabel: 'bare Next page',
      subject,
      reference: bare,
      throughputGoal: goals.homeThroughputRatio,
    },
  ]);
}

async function benchLighthouse(): Promise<void> {
  // Loaded only when used: Lighthouse is large and warns about its Node engine on Node 20.
  const { measureLighthouse } = await import('./lighthouse');
  const bareLabel = 'bare Next page (same body as site 91 /)';
  const targets: LighthouseTarget[] = [
    { label: bareLabel, url: `http://localhost:${ports.bareNext}/` },
    ...lighthouseRoutes.map((route) => ({
      label: `site ${route.site} ${route.path}`,
      url: `http://${route.host}:${ports.web}${route.path}`,
    })),
  ];
  say(
    `Lighthouse (mobile preset, performance only): ${targets.length} pages × ${lighthouseRuns} runs, about 10-20 s each…`,
  );
  const outcomes = await measureLighthouse(targets, lighthouseRuns, say);
  const bare = outcomes.get(bareLabel)!.figures;

  const rows: string[][] = [];
  let met = 0;
  let total = 0;
  const describe = (label: string, outcome: LighthouseOutcome): string[] => {
    const figures = outcome.figures;
    if (!figures)
      return [label, `failed: ${outcome.errors[0] ?? 'no run'}`, '', '', '', '', '', '', '', ''];
    const runs =
      outcome.runs < lighthouseRuns ? ` (${outcome.runs} of ${lighthouseRuns} runs)` : '';
    const base = [`${label}${runs}`, String(figures.score), (figures.lcpMs / 1000).toFixed(2)];
    if (label === bareLabel || !bare) {
      return [
        ...base,
        figures.tbtMs.toFixed(0),
        figures.cls.toFixed(3),
        kib(figures.scriptBytes),
        yesNo(figures.score >= goals.lighthouseScore),
        yesNo(figures.cls <= goals.cls),
        'reference',
        'reference',
      ];
    }
    const verdicts = lighthouseVerdicts(figures, bare);
    const checks = [verdicts.score, verdicts.cls, verdicts.tbt.met, verdicts.script.met];
    total += checks.length;
    met += checks.filter(Boolean).length;
    return [
      ...base,
      `${figures.tbtMs.toFixed(0)} (${times(verdicts.tbt.ratio)})`,
      figures.cls.toFixed(3),
      `${kib(figures.scriptBytes)} (${times(verdicts.script.ratio)})`,
      yesNo(verdicts.score),
      yesNo(verdicts.cls),
      yesNo(verdicts.tbt.met),
      yesNo(verdicts.script.met),
    ];
  };
  for (const target of targets) rows.push(describe(target.label, outcomes.get(target.label)!));
  goalsMet += met;
  goalsTotal += total;
  const pagesMeetingAll = targets.filter((target) => {
    const figures = outcomes.get(target.label)!.figures;
    if (!figures || !bare || target.label === bareLabel) return false;
    const verdicts = lighthouseVerdicts(figures, bare);
    return verdicts.score && verdicts.cls && verdicts.tbt.met && verdicts.script.met;
  }).length;
  tables.push(
    [
      `### Lighthouse, mobile preset (median of ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} per page; ratios against the bare Next page)`,
      '',
      markdownTable(
        [
          'page',
          'score',
          'LCP s',
          'TBT ms',
          'CLS',
          'script KiB',
          `score ≥ ${goals.lighthouseScore}`,
          `CLS ≤ ${goals.cls}`,
          `TBT ≤ ${goals.tbtRatio}× bare`,
          `script ≤ ${goals.scriptRatio}× bare`,
        ],
        rows,
      ),
      '',
      bare
        ? `${pagesMeetingAll} of ${targets.length - 1} pages meet every Lighthouse goal.`
        : 'The bare Next page could not be measured: the ratios against it are missing.',
    ].join('\n'),
  );
}

// ---------------------------------------------------------------------------------------------

function duration(milliseconds: number): string {
  const totalSeconds = Math.round(milliseconds / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}

/** True when something already listens on the port (another server would be measured instead). */
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

async function main(): Promise<void> {
  const needsPages = groups.has('home') || groups.has('lighthouse');
  say(
    `Groups: ${[...groups].join(', ')}; ${seconds} s per throughput measure, ${lighthouseRuns} Lighthouse runs per page (BENCH_GROUPS, BENCH_SECONDS, BENCH_LIGHTHOUSE_RUNS).`,
  );
  for (const port of Object.values(ports)) {
    if (await portInUse(port)) {
      throw new Error(
        `port ${port} is already in use: stop what listens there or choose other ports (BENCH_API_PORT, BENCH_WEB_PORT)`,
      );
    }
  }
  if (needsPages) {
    say(`Building the storefront (next build into apps/web/${storefrontDistDir}, about a minute)…`);
    await runToEnd('the storefront build', bin('next'), ['build'], webDir, {
      NEXT_DIST_DIR: storefrontDistDir,
    });
  }

  // The order measure starts its own API on PostgreSQL, the booking one needs none; every other
  // group reads the embedded one.
  if ([...groups].some((group) => group !== 'orders' && group !== 'booking')) {
    say('Starting the API on a fresh embedded database (migrations and seed)…');
    const api = startApi();
    await waitUntilServing(api, `${apiUrl}/health`);
    await applySiteParameters();
  }

  if (needsPages) {
    say('Starting the storefront…');
    await waitUntilServing(startStorefront(), `${webUrl}/`, storefrontHost);
    say('Capturing the home page and building the bare Next page with the same body…');
    const homeHtml = (await getOk(`${webUrl}/`, storefrontHost)).toString('utf8');
    await prepareBareNext(parseStorefrontPage(homeHtml));
    await runToEnd('the bare Next page build', bin('next'), ['build'], bareNextDir);
    say('Starting the bare Next page…');
    await waitUntilServing(startBareNext(), `${bareNextUrl}/`);
  }

  const stage = async (group: string, run: () => Promise<void>) => {
    if (!groups.has(group)) return;
    try {
      await run();
    } catch (error) {
      // Measures that cannot run are reported; the other groups still run.
      tables.push(`### ${group}\n\nnot measured: ${(error as Error).message}`);
      console.error(`[bench] ${group}: ${(error as Error).message}`);
      process.exitCode = 1;
    }
  };
  await stage('api', benchApi);
  await stage('shop', benchShop);
  await stage('delivery', benchDelivery);
  await stage('orders', benchOrders);
  await stage('home', benchHome);
  await stage('lighthouse', benchLighthouse);
  await stage('booking', async () => {
    const { table, met } = benchBookingAvailability();
    tables.push(`### Reservations: free-time computation\n\n${table}`);
    goalsTotal += 1;
    if (met) goalsMet += 1;
  });

  console.log('');
  console.log(tables.join('\n\n'));
  console.log('');
  console.log(
    `Goals met: ${goalsMet} of ${goalsTotal}. Total time ${duration(Date.now() - startedAt)}.`,
  );
}

function cleanUp(): void {
  stopAll();
  rmSync(workDir, { recursive: true, force: true });
}

/** The order measure's database goes once the API that used it has stopped. */
async function dropOrdersDatabase(): Promise<void> {
  if (!groups.has('orders')) return;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await onPostgres(`DROP DATABASE IF EXISTS ${ordersDatabase} WITH (FORCE)`).catch(() => undefined);
}
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

main()
  .catch((error: unknown) => {
    console.error(`[bench] Could not start: ${(error as Error).message}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    cleanUp();
    await dropOrdersDatabase();
  });
