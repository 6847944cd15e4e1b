/**
 * Which source files one request goes through (issue 26, decisions 0087 and 0096).
 *
 *   npx tsx apps/api/scripts/trace-request.ts            # every request below
 *   npx tsx apps/api/scripts/trace-request.ts order      # only the requests whose name holds "order"
 *   npx tsx apps/api/scripts/trace-request.ts --summary  # the totals only
 *   npx tsx apps/api/scripts/trace-request.ts --functions  # and the functions that ran in each file
 *
 * It builds the app as the tests do (an in-memory PGlite cloned from the seeded template,
 * src/test/pglite-template.ts), runs the shop's flow once to warm up (first calls load modules
 * and fill caches), then runs it again with V8's precise coverage around each request of interest,
 * one request at a time. A file counts when a function of its own other than the module's top
 * level ran during the request (call count > 0); only files under apps/api/src and
 * packages/<name>/src count (node_modules and this script do not). Files are listed by folder.
 *
 * Each request's files are split in two (decision 0105): "the HTTP pipeline", the files that
 * trivial reference requests traced in the same run also cross (GET /health, and GET /parameter
 * for the site, less the files of the health and parameter modules, which are those routes' own
 * work), and "the route's own flow", the rest. The pipeline is what every request of the API
 * goes through whatever its route; the flow is what a change to the route can make shorter.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { declinations, products } from '../src/db/schema';
import { siteRequest } from '../src/test/http';
import { openSeededPglite } from '../src/test/pglite-template';
import { multipart } from '../src/test/uploads';

const SITE_ID = 92;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const COUNTED = [/^apps\/api\/src\//, /^packages\/[^/]+\/src\//];
// The test helpers the script sends its requests with are not the app.
const HARNESS = /^apps\/api\/src\/test\//;
// The reference requests' own modules: what they cross there is their route's work, not the pipeline.
const REFERENCE_ROUTES_OWN = /^apps\/api\/src\/modules\/(health|parameter)\//;

interface Profile {
  result: {
    url: string;
    functions: { functionName: string; ranges: { startOffset: number; count: number }[] }[];
  }[];
}

/**
 * The repository-relative source files in which a function other than the top level ran, each
 * with the names of those functions.
 */
function filesRun(profile: Profile): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const script of profile.result) {
    if (!script.url.startsWith('file://')) continue;
    const file = path.relative(repositoryRoot, fileURLToPath(script.url.split('?')[0]!));
    if (file.endsWith('.test.ts') || HARNESS.test(file)) continue;
    if (!COUNTED.some((pattern) => pattern.test(file))) continue;
    const ran = script.functions.filter(
      (fn) =>
        // The module's own top level is the nameless function that starts at offset 0.
        !(fn.functionName === '' && fn.ranges[0]!.startOffset === 0) && fn.ranges[0]!.count > 0,
    );
    if (ran.length > 0)
      files.set(file, [...new Set(ran.map((fn) => fn.functionName || '(anonymous)'))]);
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/** One request, its files: coverage counters are reset just before it and read just after. */
async function traced(
  session: Session,
  request: () => Promise<LightMyRequestResponse>,
): Promise<{ response: LightMyRequestResponse; files: Map<string, string[]> }> {
  await session.post('Profiler.takePreciseCoverage');
  const response = await request();
  const profile = (await session.post('Profiler.takePreciseCoverage')) as Profile;
  return { response, files: filesRun(profile) };
}

function check(response: LightMyRequestResponse, what: string) {
  if (response.statusCode !== 200)
    throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

/** A wine of the script's own, with stock, so that the flow never depends on the seed's stock. */
async function makeWine(database: Database) {
  const slug = `trace-${Date.now()}`;
  const [product] = await database.db
    .insert(products)
    .values({ siteId: SITE_ID, type: 'WINE', name: `Cuvée ${slug}`, slug })
    .returning();
  const [declination] = await database.db
    .insert(declinations)
    .values({
      siteId: SITE_ID,
      productId: product!.id,
      year: 2022,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 2000,
      stock: 10_000,
    })
    .returning();
  return declination!.id;
}

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

/** Runs one request of the flow (traced or not) and answers its response. */
type Runner = (
  label: string,
  request: () => Promise<LightMyRequestResponse>,
) => Promise<LightMyRequestResponse>;

/** A visitor's purchase: a cart, a line, the cart read and changed, a delivery quote, the order. */
async function shopFlow(app: FastifyInstance, declinationId: number, run: Runner) {
  let cookies: Record<string, string> = {};
  // The first answer carries the cart's secret cookie; every later call sends it.
  async function step(label: string, request: () => Promise<LightMyRequestResponse>) {
    const response = await run(label, request);
    for (const cookie of response.cookies) cookies = { ...cookies, [cookie.name]: cookie.value };
    return check(response, label);
  }
  const created = await step('POST /cart (open a cart)', () =>
    siteRequest(app, SITE_ID, { method: 'POST', url: '/cart', payload: { type: 'MAIN_CART' } }),
  );
  const cartId = (created as { id: number }).id;
  const added = (await step('POST /cart/:cartId/product/:declinationId (add a line)', () => {
    const body = multipart({ type: 'MAIN_CART', quantity: '2' });
    return siteRequest(app, SITE_ID, {
      method: 'POST',
      url: `/cart/${cartId}/product/${declinationId}`,
      headers: body.headers,
      cookies,
      payload: body.payload,
    });
  })) as { products: { id: number; productId: number }[] };
  await step('POST /cart/:cartId (read the cart)', () =>
    siteRequest(app, SITE_ID, { method: 'POST', url: `/cart/${cartId}`, cookies, payload: {} }),
  );
  const line = added.products[0]!;
  await step('PUT /cart/:cartId/product/:productId/quantity (change a line)', () =>
    siteRequest(app, SITE_ID, {
      method: 'PUT',
      url: `/cart/${cartId}/product/${line.productId}/quantity`,
      cookies,
      payload: { quantity: 3, idCartProduct: line.id },
    }),
  );
  const quote = (await step('POST /calculate/shipping-fees (quote delivery)', () =>
    siteRequest(app, SITE_ID, {
      method: 'POST',
      url: '/calculate/shipping-fees',
      cookies,
      payload: {
        idCart: cartId,
        products: [{ idProduct: line.productId, quantity: 3 }],
        postalCode: '49000',
        country: 'FRA',
      },
    }),
  )) as { carriers: { id: number; deliveryType: string }[] };
  const carrier = quote.carriers.find((candidate) => candidate.deliveryType === 'DELIVERY')!;
  await step('POST /order (place an order)', () =>
    siteRequest(app, SITE_ID, {
      method: 'POST',
      url: '/order',
      cookies,
      payload: {
        idCart: cartId,
        user: {
          phone: '0601020304',
          email: 'camille@example.fr',
          firstname: 'Camille',
          lastname: 'Martin',
          // An adult: site 92 sells alcohol (decision 0109).
          birthdate: '1990-04-12',
        },
        address: { delivery: ADDRESS, billing: ADDRESS },
        delivery: { type: 'DELIVERY', idCarrier: carrier.id },
        deliveryPostalCode: '49000',
        deliveryIdCountry: 'FRA',
        paymentMethod: 'BANK_TRANSFER',
        acceptSaleTerms: true,
      },
    }),
  );
}

async function main() {
  const args = process.argv.slice(2);
  const summaryOnly = args.includes('--summary');
  const showFunctions = args.includes('--functions');
  const filter = args.find((arg) => !arg.startsWith('--'))?.toLowerCase();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-trace-'));
  const database = await openSeededPglite();
  const app = buildApp({
    database,
    config: loadConfig({ DATA_DIR: dataDir }),
    // Background jobs (mail delivery, expiries) are not the request: none runs during the trace.
    jobs: { every: () => undefined, stop: async () => undefined },
  });
  const session = new Session();
  session.connect();
  try {
    await app.ready();
    const declinationId = await makeWine(database);

    // Warm-up: the whole flow once, untraced.
    await shopFlow(app, declinationId, (_label, request) => request());

    // The reference requests, warmed up once too: what a trivial request crosses.
    const references = [
      () => app.inject({ method: 'GET', url: '/health' }),
      () => siteRequest(app, SITE_ID, { method: 'GET', url: '/parameter' }),
    ];
    for (const request of references) check(await request(), 'a reference request');

    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    const pipeline = new Set<string>();
    for (const request of references) {
      const { response, files } = await traced(session, request);
      check(response, 'a reference request');
      for (const file of files.keys()) if (!REFERENCE_ROUTES_OWN.test(file)) pipeline.add(file);
    }
    const results: { label: string; files: Map<string, string[]> }[] = [];
    await shopFlow(app, declinationId, async (label, request) => {
      if (filter && !label.toLowerCase().includes(filter)) return request();
      const { response, files } = await traced(session, request);
      results.push({ label, files });
      return response;
    });
    await session.post('Profiler.stopPreciseCoverage');
    await session.post('Profiler.disable');

    const split = (files: Map<string, string[]>) => {
      const inPipeline = [...files.keys()].filter((file) => pipeline.has(file));
      return { pipeline: inPipeline.length, flow: files.size - inPipeline.length };
    };
    if (!summaryOnly) {
      console.log(`\nThe HTTP pipeline (GET /health, GET /parameter): ${pipeline.size} files`);
      for (const file of [...pipeline].sort()) console.log(`    ${file}`);
    }
    for (const { label, files } of results) {
      const { pipeline: inPipeline, flow } = split(files);
      console.log(
        `\n${label}: ${files.size} files (pipeline ${inPipeline}, the route's own flow ${flow})`,
      );
      if (summaryOnly) continue;
      const byFolder = new Map<string, string[]>();
      for (const [file, functions] of files) {
        if (pipeline.has(file)) continue;
        const folder = path.dirname(file);
        const line = showFunctions
          ? `${path.basename(file)}: ${functions.join(', ')}`
          : path.basename(file);
        byFolder.set(folder, [...(byFolder.get(folder) ?? []), line]);
      }
      for (const [folder, lines] of byFolder) {
        console.log(`  ${folder}/ (${lines.length})`);
        for (const line of lines) console.log(`    ${line}`);
      }
    }
    console.log(
      "\nTotals (files crossed: the whole request = the HTTP pipeline + the route's own flow)",
    );
    console.log('  total  pipeline  flow');
    for (const { label, files } of results) {
      const { pipeline: inPipeline, flow } = split(files);
      console.log(
        `  ${String(files.size).padStart(5)}  ${String(inPipeline).padStart(8)}  ${String(flow).padStart(4)}  ${label}`,
      );
    }
  } finally {
    session.disconnect();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
