import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminProductSchema, PRODUCT_NOT_FOUND_MESSAGE, type ProductInput } from '@comptoir/contract/admin-catalogue';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { auditLog, declinations, products } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, PNG } from '../../test/uploads';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

let storefront: Server;
let revalidated: unknown[] = [];
let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let salonAdminToken: string;
const adminEmail = 'caviste@domaine.example.fr';

beforeAll(async () => {
  storefront = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push(JSON.parse(raw));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;
  testApp = await createTestApp({
    env: {
      STOREFRONT_URL: `http://127.0.0.1:${port}/`,
      REVALIDATE_SECRET: 'secret-partage-du-chai',
    },
  });
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN', email: adminEmail }))
    .token;
  superAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 92, role: 'CUSTOMER' })).token;
  salonAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  // Migrating and seeding a fresh database takes long on a busy machine.
}, 240_000);

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => storefront?.close(resolve));
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  revalidated = [];
});

async function revalidations(): Promise<unknown[]> {
  await testApp.app.backgroundTasks.idle();
  return revalidated;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(
  method: Method,
  url: string,
  options: {
    token?: string;
    siteId?: number;
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 92, {
    method,
    url,
    ...(options.payload === undefined
      ? {}
      : { payload: options.payload as string | Buffer | object }),
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
  });
}

function wine(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    type: 'WINE',
    kind: 'RED',
    name: 'Cuvée des Essais',
    slug: '',
    summary: 'Un rouge de test, souple et fruité.',
    description: '<p>Élevé en fût.</p>',
    region: 'Bordeaux',
    appellation: 'Côtes de Bourg',
    alcoholTenths: 135,
    tags: ['bio'],
    imageUrl: null,
    isPublished: true,
    isDematerialized: false,
    hasShippingFees: true,
    vatRateBasisPoints: 2000,
    position: 0,
    declinations: [
      declination({ year: 2020, priceCents: 1450, stock: 24 }),
      declination({ year: 2021, priceCents: 1290, stock: 3 }),
    ],
    features: [{ type: 'GRAPE_VARIETY', value: 'Merlot', percent: 80 }],
    awards: [
      { name: 'Concours de Bordeaux', distinction: 'Médaille d’or', year: 2022, imageUrl: null },
    ],
    mealIconIds: [],
    decreasingDiscounts: [{ minQuantity: 6, discountType: 'PERCENT', discountAmount: 500 }],
    recommendedProductIds: [],
    customizations: [
      {
        inputType: 'CHECKBOX',
        label: 'Emballage cadeau',
        description: null,
        isRequired: false,
        maxLength: null,
        formId: null,
        values: [
          {
            label: 'Emballage',
            textNumberOfChar: null,
            selectKey: null,
            costType: 'EURO',
            amount: 350,
          },
        ],
      },
    ],
    ...overrides,
  };
}

function declination(
  overrides: Partial<ProductInput['declinations'][number]> = {},
): ProductInput['declinations'][number] {
  return {
    year: 2020,
    capacity: 75,
    capacityUnit: 'CENTILITRE',
    priceCents: 1000,
    fixedPriceCents: null,
    discountType: 'NONE',
    discountAmount: 0,
    stock: 10,
    isStockManaged: true,
    sellByMultipleOf: 1,
    imageUrl: null,
    ...overrides,
  };
}

async function createWine(overrides: Partial<ProductInput> = {}) {
  const response = await send('POST', '/admin/product', {
    token: adminToken,
    payload: wine(overrides),
  });
  expect(response.statusCode).toBe(200);
  // The tests look at the revalidations of what follows.
  await revalidations();
  revalidated = [];
  return adminProductSchema.parse(response.json().data);
}

async function auditCount(siteId = 92): Promise<number> {
  const [row] = await testApp.database.db
    .select({ total: count() })
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId));
  return row!.total;
}

async function lastAudit(siteId = 92) {
  const [row] = await testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row!;
}

function storedDeclinations(siteId = 92) {
  return testApp.database.db
    .select()
    .from(declinations)
    .where(eq(declinations.siteId, siteId))
    .orderBy(asc(declinations.id));
}

function storedProducts(siteId = 92) {
  return testApp.database.db
    .select()
    .from(products)
    .where(eq(products.siteId, siteId))
    .orderBy(asc(products.id));
}

async function seededProductId(): Promise<number> {
  const [row] = await testApp.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, 92), eq(products.isGiftVoucher, false)))
    .orderBy(asc(products.id))
    .limit(1);
  return row!.id;
}

describe('the role matrix', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', '/admin/product'],
    ['GET', '/admin/product/1'],
    ['POST', '/admin/product', {}],
    ['PUT', '/admin/product/1', {}],
    ['DELETE', '/admin/product/1'],
    ['PUT', '/admin/declination/bulk', {}],
    ['GET', '/admin/declination/low-stock'],
    ['GET', '/admin/catalogue/export'],
    ['POST', '/admin/catalogue/import/preview', {}],
    ['POST', '/admin/catalogue/import', {}],
    ['POST', '/admin/catalogue/image', {}],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer', async (method, url, payload) => {
    const visitor = await send(method, url, { payload });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
    const customer = await send(method, url, { token: customerToken, payload });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
  });

  it("answers 404 for another site's product and declinations, and changes nothing", async () => {
    const id = await seededProductId();
    const [decl] = await storedDeclinations();
    const before = await storedProducts();
    const beforeDeclinations = await storedDeclinations();
    for (const [method, url, payload] of [
      ['GET', `/admin/product/${id}`, undefined],
      ['PUT', `/admin/product/${id}`, wine()],
      ['DELETE', `/admin/product/${id}`, undefined],
      [
        'PUT',
        '/admin/declination/bulk',
        { ids: [decl!.id], stock: { mode: 'ADD', value: 1 }, price: null },
      ],
    ] as const) {
      const response = await send(method, url, { token: salonAdminToken, siteId: 91, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await storedProducts()).toEqual(before);
    expect(await storedDeclinations()).toEqual(beforeDeclinations);
  });

  it('lets ADMIN and SUPER_ADMIN read the catalogue, gift voucher left out', async () => {
    for (const token of [adminToken, superAdminToken]) {
      const response = await send('GET', '/admin/product', { token });
      expect(response.statusCode).toBe(200);
      const { products: rows, mealIcons } = response.json().data;
      expect(rows.length).toBeGreaterThan(5);
      expect(mealIcons.length).toBeGreaterThan(0);
      expect(rows.every((row: { declinations: unknown[] }) => row.declinations.length > 0)).toBe(
        true,
      );
    }
  });
});

describe('products', () => {
  it('creates a wine with everything its page shows, journals it and refreshes the catalogue', async () => {
    const catalogue = (await send('GET', '/admin/product', { token: adminToken })).json().data;
    const recommended = catalogue.products[0].id;
    const icon = catalogue.mealIcons[0].id;
    const audits = await auditCount();
    const response = await send('POST', '/admin/product', {
      token: adminToken,
      payload: wine({ mealIconIds: [icon], recommendedProductIds: [recommended] }),
    });
    expect(response.statusCode).toBe(200);
    const created = adminProductSchema.parse(response.json().data);
    expect(created.slug).toBe('cuvee-des-essais');
    expect(created.declinations.map((item) => [item.year, item.priceCents, item.stock])).toEqual([
      [2020, 1450, 24],
      [2021, 1290, 3],
    ]);
    expect(created).toMatchObject({
      mealIconIds: [icon],
      recommendedProductIds: [recommended],
      decreasingDiscounts: [{ minQuantity: 6, discountType: 'PERCENT', discountAmount: 500 }],
      customizations: [{ label: 'Emballage cadeau', values: [{ amount: 350, costType: 'EURO' }] }],
    });
    expect(await auditCount()).toBe(audits + 1);
    expect(await lastAudit()).toMatchObject({
      userEmail: adminEmail,
      action: 'create',
      entityType: 'product',
      entityId: String(created.id),
      before: null,
    });
    expect(await revalidations()).toEqual([{ tags: ['site:92:catalogue'] }]);

    const page = await send('GET', `/product/${created.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      name: 'Cuvée des Essais',
      decreasingDiscounts: [{ minQuantity: 6 }],
    });
  });

  it('refuses a wrong product (422) and writes nothing', async () => {
    const before = await storedProducts();
    const audits = await auditCount();
    const response = await send('POST', '/admin/product', {
      token: adminToken,
      payload: wine({
        name: ' ',
        declinations: [declination({ priceCents: -5, capacity: 75, capacityUnit: null })],
        decreasingDiscounts: [{ minQuantity: 6, discountType: 'PERCENT', discountAmount: 20_000 }],
      }),
    });
    expect(response.statusCode).toBe(422);
    const keys = response.json().errors.map((error: { key: string }) => error.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'name',
        'declinations.0.priceCents',
        'declinations.0.capacity',
        'decreasingDiscounts.0.discountAmount',
      ]),
    );
    expect(await storedProducts()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it('refuses a slug taken, an unknown recommendation or another product’s declination id (422)', async () => {
    const existing = await createWine({ name: 'Slug Pris' });
    const before = await storedProducts();
    const taken = await send('POST', '/admin/product', {
      token: adminToken,
      payload: wine({ name: 'Autre', slug: existing.slug }),
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors[0].key).toBe('slug');
    const unknown = await send('POST', '/admin/product', {
      token: adminToken,
      payload: wine({ name: 'Autre', recommendedProductIds: [999_999] }),
    });
    expect(unknown.statusCode).toBe(422);
    const foreign = await send('PUT', `/admin/product/${existing.id}`, {
      token: adminToken,
      payload: wine({ name: 'Slug Pris', declinations: [declination({ id: 1 })] }),
    });
    expect(foreign.statusCode).toBe(422);
    expect(await storedProducts()).toEqual(before);
  });

  it('updates a product keeping the ids of the declinations sent, and deletes the others', async () => {
    const created = await createWine({ name: 'Cuvée Modifiée' });
    const [first] = created.declinations;
    const response = await send('PUT', `/admin/product/${created.id}`, {
      token: adminToken,
      payload: wine({
        name: 'Cuvée Modifiée',
        isPublished: false,
        declinations: [
          declination({ id: first!.id, year: 2020, priceCents: 1600, stock: 0 }),
          declination({ year: 2023, priceCents: 1100, fixedPriceCents: 990 }),
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    const updated = adminProductSchema.parse(response.json().data);
    expect(updated.declinations[0]).toMatchObject({ id: first!.id, priceCents: 1600, stock: 0 });
    expect(updated.declinations[1]).toMatchObject({ year: 2023, unitPriceCents: 990 });
    expect(updated.declinations).toHaveLength(2);
    expect(await lastAudit()).toMatchObject({ action: 'update', entityId: String(created.id) });
    expect(await revalidations()).toEqual([{ tags: ['site:92:catalogue'] }]);
    // Unpublished: the storefront no longer finds it.
    expect((await send('GET', `/product/${created.id}`)).statusCode).toBe(404);
  });

  it('deletes a product never ordered, journaled; an unknown one is 404', async () => {
    const created = await createWine({ name: 'Cuvée Éphémère' });
    const response = await send('DELETE', `/admin/product/${created.id}`, {
      token: superAdminToken,
    });
    expect(response.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'delete', after: null });
    const again = await send('DELETE', `/admin/product/${created.id}`, { token: adminToken });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PRODUCT_NOT_FOUND_MESSAGE);
  });
});

describe('bulk edits and low stock', () => {
  it('adds stock and raises prices by a percentage, journaled and revalidated', async () => {
    const created = await createWine({ name: 'Cuvée en Lot' });
    const ids = created.declinations.map((item) => item.id);
    const response = await send('PUT', '/admin/declination/bulk', {
      token: adminToken,
      payload: { ids, stock: { mode: 'ADD', value: 6 }, price: { mode: 'PERCENT', value: 1000 } },
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .data.declinations.map((item: { stock: number; priceCents: number }) => [
          item.stock,
          item.priceCents,
        ]),
    ).toEqual([
      [30, 1595],
      [9, 1419],
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'bulk-update', entityType: 'declination' });
    expect(await revalidations()).toEqual([{ tags: ['site:92:catalogue'] }]);
  });

  it('refuses a change that would leave a negative stock or price (422), nothing changed', async () => {
    const created = await createWine({ name: 'Cuvée Négative' });
    const ids = created.declinations.map((item) => item.id);
    const before = await storedDeclinations();
    for (const payload of [
      { ids, stock: { mode: 'ADD', value: -4 }, price: null },
      { ids, stock: null, price: { mode: 'AMOUNT', value: -1300 } },
      { ids, stock: null, price: null },
      { ids: [], stock: { mode: 'SET', value: 1 }, price: null },
    ]) {
      const response = await send('PUT', '/admin/declination/bulk', { token: adminToken, payload });
      expect(response.statusCode, response.body).toBe(422);
    }
    expect(await storedDeclinations()).toEqual(before);
    expect(await revalidations()).toEqual([]);
  });

  it('adds stock from concurrent requests without losing any', async () => {
    const created = await createWine({ name: 'Cuvée Concurrente' });
    const id = created.declinations[0]!.id;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        send('PUT', '/admin/declination/bulk', {
          token: adminToken,
          payload: { ids: [id], stock: { mode: 'ADD', value: 1 }, price: null },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const [row] = (await storedDeclinations()).filter((item) => item.id === id);
    expect(row!.stock).toBe(24 + 8);
  });

  it('lists managed stocks at or below the threshold, lowest first; a wrong threshold is 400 (a query)', async () => {
    await createWine({ name: 'Cuvée Rare' });
    const response = await send('GET', '/admin/declination/low-stock?threshold=3', {
      token: adminToken,
    });
    expect(response.statusCode).toBe(200);
    const { threshold, rows } = response.json().data;
    expect(threshold).toBe(3);
    expect(rows.some((row: { productName: string }) => row.productName === 'Cuvée Rare')).toBe(
      true,
    );
    const stocks = rows.map((row: { declination: { stock: number } }) => row.declination.stock);
    expect(stocks.every((stock: number) => stock <= 3)).toBe(true);
    expect([...stocks].sort((a, b) => a - b)).toEqual(stocks);
    expect(
      (await send('GET', '/admin/declination/low-stock?threshold=-1', { token: adminToken }))
        .statusCode,
    ).toBe(400);
  });
});

describe('images', () => {
  it('stores an uploaded picture as a reduced WebP, public once a product shows it', async () => {
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#7b1f2a' },
    })
      .jpeg()
      .toBuffer();
    const upload = multipart({
      image: { filename: 'bouteille.jpg', contentType: 'image/jpeg', data: big },
    });
    const response = await send('POST', '/admin/catalogue/image', {
      token: adminToken,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json().data as { url: string };
    expect(url).toMatch(/^\/api\/catalogue-image\/92\/[a-z0-9]+\.webp$/);
    expect(await lastAudit()).toMatchObject({ action: 'upload', entityType: 'catalogue-image' });
    const publicPath = url.replace(/^\/api/, '');
    expect((await testApp.app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(404);

    await createWine({ name: 'Cuvée Illustrée', imageUrl: url });
    const image = await testApp.app.inject({ method: 'GET', url: publicPath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    // Another site's path for the same key finds nothing.
    const foreign = publicPath.replace('/92/', '/91/');
    expect((await testApp.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
  });

  it('refuses what is not a raster image (422) and a missing file', async () => {
    const svg = multipart({
      image: {
        filename: 'x.png',
        contentType: 'image/png',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    });
    const refused = await send('POST', '/admin/catalogue/image', {
      token: adminToken,
      payload: svg.payload,
      headers: svg.headers,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].key).toBe('image');
    const small = multipart({ image: { filename: 'p.png', contentType: 'image/png', data: PNG } });
    const ok = await send('POST', '/admin/catalogue/image', {
      token: adminToken,
      payload: small.payload,
      headers: small.headers,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('CSV import and export', () => {
  it('exports one line per declination, semicolons and decimal commas', async () => {
    const created = await createWine({ name: 'Cuvée Exportée' });
    const response = await send('GET', '/admin/catalogue/export', { token: adminToken });
    expect(response.statusCode).toBe(200);
    const { csv, filename } = response.json().data;
    expect(filename).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id_declinaison;id_produit;produit;millesime;contenance;unite;prix;prix_net;stock;stock_gere;vendu_par;publie',
    );
    expect(lines).toContain(
      `${created.declinations[0]!.id};${created.id};Cuvée Exportée;2020;75;cl;14,50;;24;oui;1;oui`,
    );
  });

  it('previews and applies a French sheet (semicolons, decimal commas), in one journaled write', async () => {
    const created = await createWine({ name: 'Cuvée Importée' });
    const [a, b] = created.declinations;
    const csv = `\ufeffid_declinaison;Prix;Stock;Prix net\r\n${a!.id};15,90;48;\r\n${b!.id};"1 290,00 €";0;9,5\r\n`;
    const preview = await send('POST', '/admin/catalogue/import/preview', {
      token: adminToken,
      payload: { csv },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      errors: [],
      lineCount: 2,
      changes: [
        {
          line: 2,
          kind: 'UPDATE',
          declinationId: a!.id,
          fields: { Prix: ['14,50 €', '15,90 €'], Stock: ['24', '48'] },
        },
        {
          line: 3,
          kind: 'UPDATE',
          declinationId: b!.id,
          fields: { Stock: ['3', '0'], 'Prix net': [null, '9,50 €'] },
        },
      ],
    });
    // A preview writes nothing.
    expect((await storedDeclinations()).find((row) => row.id === a!.id)!.stock).toBe(24);

    const applied = await send('POST', '/admin/catalogue/import', {
      token: adminToken,
      payload: { csv },
    });
    expect(applied.statusCode).toBe(200);
    const rows = await storedDeclinations();
    expect(rows.find((row) => row.id === a!.id)).toMatchObject({ priceCents: 1590, stock: 48 });
    expect(rows.find((row) => row.id === b!.id)).toMatchObject({
      priceCents: 129000,
      stock: 0,
      fixedPriceCents: 950,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'import',
      entityType: 'declination',
      userEmail: adminEmail,
    });
    expect(await revalidations()).toEqual([{ tags: ['site:92:catalogue'] }]);
  });

  it('reads a comma-separated sheet with decimal points, and adds declinations and products', async () => {
    const created = await createWine({ name: 'Cuvée Virgule' });
    const csv = [
      'id_declinaison,id_produit,produit,millesime,contenance,unite,prix,stock',
      `${created.declinations[0]!.id},,,2020,75,cl,,12`,
      `,${created.id},,2024,1.5,L,39.90,6`,
      ',,Nouveau Crémant,2022,75,cl,18.00,30',
      ',,Nouveau Crémant,2023,75,cl,19.00,12',
    ].join('\n');
    const response = await send('POST', '/admin/catalogue/import', {
      token: adminToken,
      payload: { csv },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.changes.map((change: { kind: string }) => change.kind)).toEqual([
      'UPDATE',
      'CREATE_DECLINATION',
      'CREATE_PRODUCT',
      'CREATE_PRODUCT',
    ]);
    const product = adminProductSchema.parse(
      (await send('GET', `/admin/product/${created.id}`, { token: adminToken })).json().data,
    );
    expect(product.declinations.at(-1)).toMatchObject({
      year: 2024,
      capacity: 1.5,
      capacityUnit: 'LITER',
      priceCents: 3990,
    });
    const crémant = (await storedProducts()).filter((row) => row.name === 'Nouveau Crémant');
    expect(crémant).toHaveLength(1);
    expect(crémant[0]).toMatchObject({ slug: 'nouveau-cremant', isPublished: false });
  });

  it('lists every wrong line with its number (422) and changes nothing', async () => {
    const created = await createWine({ name: 'Cuvée Fautive' });
    const [a] = created.declinations;
    const csv = [
      'id_declinaison;prix;stock',
      `${a!.id};16,00;10`,
      `${a!.id};abc;-3`,
      '999999;10;1',
      '',
      `${created.declinations[1]!.id};12,345;2`,
    ].join('\n');
    const before = await storedDeclinations();
    const audits = await auditCount();
    const preview = (
      await send('POST', '/admin/catalogue/import/preview', { token: adminToken, payload: { csv } })
    ).json().data;
    expect(preview.errors.map((error: { line: number }) => error.line)).toEqual([3, 4, 6]);
    expect(preview.errors[0].message).toContain('Prix');
    const response = await send('POST', '/admin/catalogue/import', {
      token: adminToken,
      payload: { csv },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.map((error: { key: string }) => error.key)).toEqual([
      'line.3',
      'line.4',
      'line.6',
    ]);
    expect(await storedDeclinations()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it('refuses an unknown column on line 1 and an empty body', async () => {
    const unknown = await send('POST', '/admin/catalogue/import/preview', {
      token: adminToken,
      payload: { csv: 'id_declinaison;couleur\n1;rouge\n' },
    });
    expect(unknown.json().data.errors[0]).toMatchObject({ line: 1 });
    const empty = await send('POST', '/admin/catalogue/import', {
      token: adminToken,
      payload: { csv: '' },
    });
    expect(empty.statusCode).toBe(422);
  });
});
