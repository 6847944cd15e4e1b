/**
 * The growth data set (issue 31, item 1; decision 0122), written into a PostgreSQL database of
 * its own: the real schema (the API's migrations, then its seed of the two demo sites), then
 * - the generated sites, each from one of the two site templates in turn (the wine shop's or the
 *   brochure's parameters, page tree with its menu, variations and element lists), named and
 *   addressed each its own way, all selling (products from the demo wine shop's catalogue,
 *   varied: name, vintage, price);
 * - the customers, and the orders with their closed carts, lines, status history and
 *   confirmation mail; the large site (the demo wine shop, site 92) holds a tenth of them and
 *   5,000 more products.
 * The frames go through the platform's own insert functions; the bulk rows through COPY (psql's
 * `COPY … FROM STDIN`, fed as the rows are made: nothing is held in memory or written to disk).
 * Deterministic: each order is a pure function of its index, so each table's pass makes the same
 * orders, and two runs make the same data.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { slugify } from '@comptoir/domain/slug';
import { openDatabase } from '../../apps/api/src/db/client';
import { elementLists, siteParameters, sites } from '../../apps/api/src/db/schema';
import {
  productImageUrl,
  site92Catalogue,
  type ProductSeed,
} from '../../apps/api/src/db/seed/catalogue-92';
import {
  insertPages,
  insertVariations,
  parameterRows,
  type SiteFrame,
} from '../../apps/api/src/modules/platform/templates';
import { brochureTemplate } from '../../apps/api/src/modules/platform/templates/brochure';
import { wineShopTemplate } from '../../apps/api/src/modules/platform/templates/wine-shop';
import {
  DECLINATIONS_PER_PRODUCT,
  FIRST_GROWTH_SITE_ID,
  LARGE_SITE_ID,
  growthHost,
  type GrowthShape,
} from './shape';

type Say = (line: string) => void;

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api');

// ---- deterministic variety -----------------------------------------------------------------

/** mulberry32: a small seeded generator, so that an order is the same in every pass and run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRSTNAMES = [
  'Camille',
  'Léa',
  'Manon',
  'Chloé',
  'Inès',
  'Jeanne',
  'Louise',
  'Alice',
  'Claire',
  'Sophie',
  'Lucas',
  'Hugo',
  'Louis',
  'Jules',
  'Arthur',
  'Gabriel',
  'Paul',
  'Antoine',
  'Thomas',
  'Étienne',
];
const LASTNAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
];
const CITIES = [
  { city: 'Angers', postalCode: '49000' },
  { city: 'Nantes', postalCode: '44000' },
  { city: 'Tours', postalCode: '37000' },
  { city: 'Lyon', postalCode: '69003' },
  { city: 'Paris', postalCode: '75011' },
  { city: 'Bordeaux', postalCode: '33000' },
  { city: 'Rennes', postalCode: '35000' },
  { city: 'Lille', postalCode: '59000' },
];
const SHOP_WORDS = ['Domaine', 'Château', 'Clos', 'Cave', 'Maison', 'Vignoble', 'Mas'];
const PLACE_WORDS = [
  'des Aubuis',
  'de la Roche',
  'du Coteau',
  'des Perrières',
  'de Beaulieu',
  'des Tilleuls',
  'du Val',
  'de Montbenault',
  'des Sablons',
  'de la Source',
  'du Grand Chêne',
  'des Vignes Hautes',
];
const CUVEE_WORDS = [
  'Vieilles Vignes',
  'Cuvée Prestige',
  'Les Terrasses',
  'Grande Réserve',
  'Sur Lie',
  'Les Galets',
  'Clos du Moulin',
  'Les Silex',
  'Tradition',
  'Fût de Chêne',
  'Les Hauts',
  'Parcellaire',
];
/** Final statuses and their weights; each order's history walks the path to its status. */
const STATUS_PATHS: { weight: number; path: string[] }[] = [
  { weight: 55, path: ['PENDING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED'] },
  { weight: 15, path: ['PENDING_PAYMENT', 'PAID', 'SHIPPED'] },
  { weight: 8, path: ['PENDING_PAYMENT', 'PAID', 'PREPARING'] },
  { weight: 10, path: ['PENDING_PAYMENT', 'PAID'] },
  { weight: 3, path: ['PENDING_PAYMENT'] },
  { weight: 7, path: ['PENDING_PAYMENT', 'CANCELLED'] },
  { weight: 2, path: ['PENDING_PAYMENT', 'PAID', 'REFUNDED'] },
];
const STATUS_WEIGHT_TOTAL = STATUS_PATHS.reduce((sum, entry) => sum + entry.weight, 0);

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)]!;
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

// ---- COPY through psql ---------------------------------------------------------------------

/** One CSV field: null unquoted and empty (COPY's CSV null), anything else quoted. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return `"${value.replace(/"/g, '""')}"`;
}

/** A PostgreSQL text[] literal. */
const textArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Streams rows into `table` with `COPY … FROM STDIN` through psql (the project has no COPY
 * stream for node-postgres), waiting whenever psql's input is full. Answers the rows written.
 */
export async function copyRows(
  databaseUrl: string,
  table: string,
  columns: readonly string[],
  rows: Iterable<(string | number | boolean | null)[]>,
  say: Say,
): Promise<number> {
  const started = performance.now();
  const psql = spawn(
    process.env.PSQL ?? 'psql',
    [
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-d',
      databaseUrl,
      // The references are checked once, by the data set's test (growth-data.postgres.test.ts),
      // not row by row here: the foreign keys' triggers are off for this session (a superuser's,
      // as the local server's is).
      '-c',
      'SET session_replication_role = replica',
      '-c',
      `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let errorText = '';
  psql.stderr.on('data', (chunk: Buffer) => (errorText += chunk.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    psql.on('error', reject);
    psql.on('exit', (code) => resolve(code ?? 1));
  });
  let count = 0;
  let buffer = '';
  let lastReport = started;
  for (const row of rows) {
    buffer += `${row.map(csvField).join(',')}\n`;
    count += 1;
    if (buffer.length >= 256 * 1024) {
      const flowing = psql.stdin.write(buffer);
      buffer = '';
      if (!flowing) await Promise.race([once(psql.stdin, 'drain'), exited]);
      if (psql.exitCode !== null) break;
      const now = performance.now();
      if (now - lastReport > 10_000) {
        lastReport = now;
        say(`  ${table}: ${count.toLocaleString('en')} rows…`);
      }
    }
  }
  if (psql.exitCode === null) psql.stdin.end(buffer);
  const code = await exited;
  if (code !== 0) throw new Error(`COPY ${table} failed: ${errorText.trim().slice(0, 500)}`);
  const seconds = (performance.now() - started) / 1000;
  say(
    `  ${table}: ${count.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (${Math.round(count / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s)`,
  );
  return count;
}

// ---- the plan: who owns what ---------------------------------------------------------------

interface SiteDeclination {
  productId: number;
  declinationId: number;
  name: string;
  year: number | null;
  unitPriceCents: number;
}

interface SitePlan {
  siteId: number;
  /** Index among the generated sites, -1 for the large site. */
  index: number;
  firstCustomerId: number;
  customerCount: number;
  declinations: SiteDeclination[];
}

interface Plan {
  shape: GrowthShape;
  large: SitePlan;
  generated: SitePlan[];
  firstOrderId: number;
  firstCartId: number;
  /** The large site's highest order number before the generated ones. */
  largeNumberOffset: number;
  /** Orders span these two years up to now; order i is placed at start + i × step. */
  startMs: number;
  stepMs: number;
}

/** Where order `index` belongs, and its number on its site. */
function orderSite(plan: Plan, index: number): { site: SitePlan; number: number } {
  const { largeSiteOrders, sites } = plan.shape;
  // The large site's orders are spread among the others', so that its newest are recent too.
  const period = Math.max(1, Math.floor(plan.shape.orders / largeSiteOrders));
  if (index % period === 0 && index / period < largeSiteOrders) {
    return { site: plan.large, number: plan.largeNumberOffset + index / period + 1 };
  }
  const largeBefore = Math.min(largeSiteOrders, Math.floor(index / period) + 1);
  const otherIndex = index - largeBefore;
  return {
    site: plan.generated[otherIndex % sites]!,
    number: Math.floor(otherIndex / sites) + 1,
  };
}

interface OrderLine {
  declination: SiteDeclination;
  quantity: number;
  totalCents: number;
  vatCents: number;
}

interface PlannedOrder {
  id: number;
  cartId: number;
  siteId: number;
  number: number;
  userId: number | null;
  firstname: string;
  lastname: string;
  email: string;
  createdAt: Date;
  statuses: string[];
  paymentMethod: string;
  lines: OrderLine[];
  productsCents: number;
  shippingCents: number;
  vatCents: number;
  totalCents: number;
  city: { city: string; postalCode: string };
}

/** VAT included in an amount at 20 % (2000 basis points), rounded to the cent. */
const vatOf = (cents: number) => Math.round((cents * 2000) / 12000);

function customerName(customerId: number) {
  const random = seededRandom(customerId * 7919);
  const firstname = pick(random, FIRSTNAMES);
  const lastname = pick(random, LASTNAMES);
  return {
    firstname,
    lastname,
    email: `${plain(firstname)}.${plain(lastname)}.${customerId}@exemple.fr`,
  };
}

/** Order `index`, the same in every pass. */
function planOrder(plan: Plan, index: number): PlannedOrder {
  const { site, number } = orderSite(plan, index);
  const random = seededRandom(index + 1);
  const guest = random() < 0.35;
  const customerId = site.firstCustomerId + Math.floor(random() * site.customerCount);
  const who = guest
    ? (() => {
        const name = customerName(1_000_000_000 - index);
        return { ...name, email: `invite.${index}@exemple.fr` };
      })()
    : customerName(customerId);
  let statusDraw = random() * STATUS_WEIGHT_TOTAL;
  let statuses = STATUS_PATHS[0]!.path;
  for (const entry of STATUS_PATHS) {
    statusDraw -= entry.weight;
    if (statusDraw < 0) {
      statuses = entry.path;
      break;
    }
  }
  const lineCount = 1 + Math.floor(random() * 3);
  const used = new Set<number>();
  const lines: OrderLine[] = [];
  for (let line = 0; line < lineCount; line += 1) {
    const declination = pick(random, site.declinations);
    if (used.has(declination.declinationId)) continue;
    used.add(declination.declinationId);
    const quantity = 1 + Math.floor(random() * 6);
    const totalCents = quantity * declination.unitPriceCents;
    lines.push({ declination, quantity, totalCents, vatCents: vatOf(totalCents) });
  }
  const productsCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const shippingCents = productsCents >= 15_000 ? 0 : 990;
  return {
    id: plan.firstOrderId + index,
    cartId: plan.firstCartId + index,
    siteId: site.siteId,
    number,
    userId: guest ? null : customerId,
    ...who,
    createdAt: new Date(plan.startMs + index * plan.stepMs + Math.floor(random() * plan.stepMs)),
    statuses,
    paymentMethod: random() < 0.7 ? 'CARD' : 'BANK_TRANSFER',
    lines,
    productsCents,
    shippingCents,
    vatCents: lines.reduce((sum, line) => sum + line.vatCents, 0) + vatOf(shippingCents),
    totalCents: productsCents + shippingCents,
    city: pick(random, CITIES),
  };
}

function* plannedOrders(plan: Plan): Generator<PlannedOrder> {
  for (let index = 0; index < plan.shape.orders; index += 1) yield planOrder(plan, index);
}

// ---- the frames of the generated sites -----------------------------------------------------

function growthFrame(siteId: number, index: number): SiteFrame {
  const template = index % 2 === 0 ? wineShopTemplate : brochureTemplate;
  const random = seededRandom(siteId);
  const name = `${pick(random, SHOP_WORDS)} ${pick(random, PLACE_WORDS)} ${siteId}`;
  return {
    site: {
      id: siteId,
      name,
      devUrl: `http://${growthHost(siteId)}`,
      prodUrl: `https://boutique-${siteId}.comptoir.test`,
      ...template.kind,
      // Every generated site sells: the issue's 100 products each.
      isECommerce: true,
      isWinemaker: true,
    },
    parameters: { ...template.parameters, COMPANY_NAME: name },
    pages: template.pages,
    variations: template.variations,
  };
}

/** Sites per transaction: a site has some 150 parameters, and a statement 65,535 values at most. */
const FRAMES_PER_BATCH = 25;

async function insertFrames(databaseUrl: string, shape: GrowthShape, say: Say): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    const started = performance.now();
    for (let from = 0; from < shape.sites; from += FRAMES_PER_BATCH) {
      const frames = Array.from(
        { length: Math.min(FRAMES_PER_BATCH, shape.sites - from) },
        (_, offset) => growthFrame(FIRST_GROWTH_SITE_ID + from + offset, from + offset),
      );
      await database.db.transaction(async (tx) => {
        await tx.insert(sites).values(frames.map((frame) => frame.site));
        await tx.insert(siteParameters).values(frames.flatMap(parameterRows));
        await insertPages(tx, frames);
        await insertVariations(tx, frames);
        await tx
          .insert(elementLists)
          .values(
            frames.flatMap((frame, offset) =>
              ((from + offset) % 2 === 0 ? wineShopTemplate : brochureTemplate).elementLists.map(
                (list) => ({ siteId: frame.site.id, route: list.route, name: list.name }),
              ),
            ),
          );
      });
      if ((from + FRAMES_PER_BATCH) % 100 === 0) {
        say(`  sites: ${Math.min(from + FRAMES_PER_BATCH, shape.sites)} of ${shape.sites}…`);
      }
    }
    say(
      `  sites with their parameters, pages, menus and variations: ${shape.sites} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

// ---- the catalogue -------------------------------------------------------------------------

interface PlannedProduct {
  id: number;
  siteId: number;
  seed: ProductSeed;
  name: string;
  slug: string;
  position: number;
}

const wines = site92Catalogue.filter((seed) => seed.type === 'WINE');

function planProduct(siteId: number, position: number, id: number): PlannedProduct {
  const random = seededRandom(siteId * 100_003 + position);
  const seed = wines[position % wines.length]!;
  const name = `${seed.name} ${pick(random, CUVEE_WORDS)} n° ${position + 1}`;
  return { id, siteId, seed, name, slug: `${slugify(name)}-${position + 1}`, position };
}

// ---- the whole ----------------------------------------------------------------------------

async function scalar(client: pg.Client, sql: string): Promise<number> {
  const result = await client.query<{ value: string | null }>(sql);
  return Number(result.rows[0]?.value ?? 0);
}

/**
 * The API's own `npm run seed` (apps/api/src/db/seed-cli.ts): its migrations, then the demo
 * sites, so that the schema is the real one. A process of its own: the seed's modules bring the
 * API's whole type world with them, which the bench's does not hold.
 */
export async function runSeed(databaseUrl: string, demoAdminPassword: string): Promise<void> {
  const seed = spawn(process.execPath, ['--import', 'tsx', 'src/db/seed-cli.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_ADMIN_PASSWORD: demoAdminPassword },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  seed.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  seed.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(seed, 'exit')) as [number | null];
  if (code !== 0)
    throw new Error(`the seed failed (exit code ${code}): ${output.trim().slice(-800)}`);
}

export interface GrowthOptions {
  say: Say;
  /** The demo administrators' password (the bench logs in as site 92's). */
  demoAdminPassword: string;
}

/**
 * Writes the growth data set into `databaseUrl` (an empty database): migrations, seed, frames,
 * then the bulk rows by COPY. Prints its progress through `say`.
 */
export async function generateGrowthData(
  databaseUrl: string,
  shape: GrowthShape,
  { say, demoAdminPassword }: GrowthOptions,
): Promise<void> {
  const started = performance.now();
  say('Applying the migrations and seeding the demo sites…');
  await runSeed(databaseUrl, demoAdminPassword);

  say(`Writing ${shape.sites} sites from the two templates…`);
  await insertFrames(databaseUrl, shape, say);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const nextId = async (table: string) =>
      (await scalar(client, `select max(id) as value from ${table}`)) + 1;

    // Products and declinations: the large site's, then 100 for each generated site.
    let productId = await nextId('products');
    let declinationId = await nextId('declinations');
    const productPlans: PlannedProduct[] = [];
    const large: SitePlan = {
      siteId: LARGE_SITE_ID,
      index: -1,
      firstCustomerId: 0,
      customerCount: 0,
      declinations: [],
    };
    const generated: SitePlan[] = [];
    for (let position = 0; position < shape.largeSiteProducts; position += 1) {
      productPlans.push(planProduct(LARGE_SITE_ID, position, productId++));
    }
    for (let index = 0; index < shape.sites; index += 1) {
      const siteId = FIRST_GROWTH_SITE_ID + index;
      generated.push({ siteId, index, firstCustomerId: 0, customerCount: 0, declinations: [] });
      for (let position = 0; position < shape.productsPerSite; position += 1) {
        productPlans.push(planProduct(siteId, position, productId++));
      }
    }
    const siteById = new Map([large, ...generated].map((site) => [site.siteId, site]));
    const declinationRows: (string | number | boolean | null)[][] = [];
    for (const product of productPlans) {
      const base = product.seed.declinations;
      const random = seededRandom(product.id);
      for (let offset = 0; offset < DECLINATIONS_PER_PRODUCT; offset += 1) {
        const model = base[offset % base.length]!;
        const year = model.year === null ? null : model.year - offset - Math.floor(random() * 3);
        const priceCents = model.priceCents + 50 * Math.floor(random() * 20);
        siteById.get(product.siteId)!.declinations.push({
          productId: product.id,
          declinationId,
          name: product.name,
          year,
          unitPriceCents: priceCents,
        });
        declinationRows.push([
          declinationId,
          product.siteId,
          product.id,
          year,
          model.capacity,
          model.capacityUnit,
          priceCents,
          500 + Math.floor(random() * 500),
          true,
          1,
          offset,
        ]);
        declinationId += 1;
      }
    }
    say(`Copying ${productPlans.length.toLocaleString('en')} products and their declinations…`);
    await copyRows(
      databaseUrl,
      'products',
      [
        'id',
        'site_id',
        'type',
        'subtype',
        'name',
        'slug',
        'summary',
        'description',
        'kind',
        'region',
        'appellation',
        'alcohol_tenths',
        'tags',
        'image_url',
        'position',
        'is_published',
      ],
      productPlans.map((product) => [
        product.id,
        product.siteId,
        product.seed.type,
        product.seed.subtype ?? null,
        product.name,
        product.slug,
        product.seed.summary,
        product.seed.description,
        product.seed.kind ?? null,
        product.seed.region ?? null,
        product.seed.appellation ?? null,
        product.seed.alcoholTenths ?? null,
        textArray(product.seed.tags),
        productImageUrl(product.seed),
        // After the demo catalogue's own products.
        1000 + product.position,
        true,
      ]),
      say,
    );
    await copyRows(
      databaseUrl,
      'declinations',
      [
        'id',
        'site_id',
        'product_id',
        'year',
        'capacity',
        'capacity_unit',
        'price_cents',
        'stock',
        'is_stock_managed',
        'sell_by_multiple_of',
        'position',
      ],
      declinationRows,
      say,
    );

    // Customers: a tenth on the large site, the rest spread evenly.
    let customerId = await nextId('users');
    large.firstCustomerId = customerId;
    large.customerCount = shape.largeSiteCustomers;
    customerId += shape.largeSiteCustomers;
    const perSite = Math.floor((shape.customers - shape.largeSiteCustomers) / shape.sites);
    for (const site of generated) {
      site.firstCustomerId = customerId;
      site.customerCount =
        perSite + (site.index < (shape.customers - shape.largeSiteCustomers) % shape.sites ? 1 : 0);
      customerId += site.customerCount;
    }
    const now = Date.now();
    const twoYears = 730 * 24 * 3600 * 1000;
    function* customerRows() {
      for (const site of [large, ...generated]) {
        for (let offset = 0; offset < site.customerCount; offset += 1) {
          const id = site.firstCustomerId + offset;
          const name = customerName(id);
          const since = new Date(now - twoYears - ((id * 7_777_777) % twoYears)).toISOString();
          yield [
            id,
            site.siteId,
            name.email,
            name.firstname,
            name.lastname,
            `06${String(10_000_000 + (id % 89_999_999)).slice(0, 8)}`,
            'CUSTOMER',
            since,
            since,
          ];
        }
      }
    }
    say(`Copying ${shape.customers.toLocaleString('en')} customers…`);
    await copyRows(
      databaseUrl,
      'users',
      [
        'id',
        'site_id',
        'email',
        'firstname',
        'lastname',
        'phone',
        'role',
        'created_at',
        'last_active_at',
      ],
      customerRows(),
      say,
    );

    const plan: Plan = {
      shape,
      large,
      generated,
      firstOrderId: await nextId('orders'),
      firstCartId: await nextId('carts'),
      largeNumberOffset: await scalar(
        client,
        `select coalesce(max(number), 0) as value from orders where site_id = ${LARGE_SITE_ID}`,
      ),
      startMs: now - twoYears,
      stepMs: Math.max(1, Math.floor((twoYears - 3600_000) / shape.orders)),
    };

    say(
      `Copying ${shape.orders.toLocaleString('en')} orders with their carts, lines, history and mails…`,
    );
    await copyRows(
      databaseUrl,
      'carts',
      ['id', 'site_id', 'user_id', 'secret_hash', 'closed_at', 'created_at', 'updated_at'],
      (function* () {
        for (const order of plannedOrders(plan)) {
          const at = order.createdAt.toISOString();
          // A guest's cart is held by its secret, an account's by its owner.
          yield [
            order.cartId,
            order.siteId,
            order.userId,
            order.userId === null ? `growth-${order.cartId}` : null,
            at,
            at,
            at,
          ];
        }
      })(),
      say,
    );
    await copyRows(
      databaseUrl,
      'orders',
      [
        'id',
        'site_id',
        'number',
        'user_id',
        'cart_id',
        'status',
        'payment_method',
        'is_paid',
        'payment_due_at',
        'email',
        'phone',
        'firstname',
        'lastname',
        'delivery_address',
        'billing_address',
        'delivery_type',
        'carrier',
        'products_cents',
        'shipping_cents',
        'shipping_vat_rate_basis_points',
        'total_cents',
        'vat_cents',
        'created_at',
      ],
      (function* () {
        for (const order of plannedOrders(plan)) {
          const status = order.statuses[order.statuses.length - 1]!;
          const address = JSON.stringify({
            firstname: order.firstname,
            lastname: order.lastname,
            firstPart: `${1 + (order.id % 120)} rue des Vignes`,
            postalCode: order.city.postalCode,
            city: order.city.city,
            country: 'France',
          });
          yield [
            order.id,
            order.siteId,
            order.number,
            order.userId,
            order.cartId,
            status,
            order.paymentMethod,
            order.statuses.includes('PAID'),
            // A pending transfer is due in a month: the expiry job has nothing to cancel yet.
            status === 'PENDING_PAYMENT'
              ? new Date(now + 30 * 24 * 3600 * 1000).toISOString()
              : null,
            order.email,
            '0612345678',
            order.firstname,
            order.lastname,
            address,
            address,
            'DELIVERY',
            JSON.stringify({ id: 1, name: 'Colissimo', serviceCode: 'COLISSIMO' }),
            order.productsCents,
            order.shippingCents,
            2000,
            order.totalCents,
            order.vatCents,
            order.createdAt.toISOString(),
          ];
        }
      })(),
      say,
    );
    await copyRows(
      databaseUrl,
      'order_lines',
      [
        'site_id',
        'order_id',
        'product_id',
        'declination_id',
        'name',
        'year',
        'quantity',
        'unit_price_cents',
        'total_cents',
        'vat_rate_basis_points',
        'vat_cents',
        'is_stock_managed',
        'customizations',
      ],
      (function* () {
        for (const order of plannedOrders(plan)) {
          for (const line of order.lines) {
            yield [
              order.siteId,
              order.id,
              line.declination.productId,
              line.declination.declinationId,
              line.declination.name,
              line.declination.year,
              line.quantity,
              line.declination.unitPriceCents,
              line.totalCents,
              2000,
              line.vatCents,
              true,
              '[]',
            ];
          }
        }
      })(),
      say,
    );
    await copyRows(
      databaseUrl,
      'order_status_history',
      ['site_id', 'order_id', 'from_status', 'to_status', 'actor', 'at'],
      (function* () {
        for (const order of plannedOrders(plan)) {
          for (const [step, status] of order.statuses.entries()) {
            yield [
              order.siteId,
              order.id,
              step === 0 ? null : order.statuses[step - 1]!,
              status,
              step === 0 ? 'Client' : status === 'PAID' ? 'Stripe' : 'Administrateur',
              new Date(order.createdAt.getTime() + step * 86_400_000).toISOString(),
            ];
          }
        }
      })(),
      say,
    );
    await copyRows(
      databaseUrl,
      'mail_outbox',
      [
        'site_id',
        'sender',
        'recipient',
        'subject',
        'text',
        'html',
        'created_at',
        'status',
        'attempts',
        'next_attempt_at',
        'sent_at',
      ],
      (function* () {
        for (const order of plannedOrders(plan)) {
          const at = order.createdAt.toISOString();
          const text = `Bonjour ${order.firstname}, nous avons bien reçu votre commande n° ${order.number} (${(order.totalCents / 100).toFixed(2).replace('.', ',')} €). Merci de votre confiance.`;
          yield [
            order.siteId,
            `boutique-${order.siteId}@comptoir.test`,
            order.email,
            `Votre commande n° ${order.number}`,
            text,
            `<p>${text}</p>`,
            at,
            'sent',
            1,
            at,
            at,
          ];
        }
      })(),
      say,
    );

    say('Setting the sequences and order counters, and analysing the tables…');
    for (const table of [
      'products',
      'declinations',
      'users',
      'carts',
      'orders',
      'order_lines',
      'order_status_history',
      'mail_outbox',
    ]) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    await client.query(
      `insert into order_counters (site_id, last_number)
       select site_id, max(number) from orders group by site_id
       on conflict (site_id) do update set last_number = greatest(order_counters.last_number, excluded.last_number)`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
  say(`Growth data written in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}
