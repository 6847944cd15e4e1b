import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, registerCustomer } from '../test/accounts';
import { adminRoleTokens } from '../test/admin-roles';
import { addTestLine, openTestCart, productsOf } from '../test/carts';
import { siteRequest } from '../test/http';
import { manualJobRunner } from '../test/manual-jobs';
import {
  createOrderTestApp,
  homeCarrierId,
  homeDeliveryBody,
  placeCustomerHomeOrder,
  placeGuestHomeOrder,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../test/orders';
import { describeOnPostgres } from '../test/postgres';
import {
  fullScansOf,
  recordStatements,
  tenantTables,
  type FullScan,
  type SentStatement,
} from '../test/query-plans';

/*
 * Issue 31 (decision 0123): no request path reads a whole tenant table. Each path below is driven
 * through the app as the storefront or the back office sends it; the statements its repositories
 * send are captured at the driver and planned with sequential scans disabled. On this small
 * database the planner would pick a Seq Scan everywhere (a table of ten rows is read whole
 * faster than through an index); disabled, it keeps one only where no index can serve the
 * statement, which is what 100,000 orders of one site would pay for.
 */
describeOnPostgres('the request paths read tenant tables through their indexes', () => {
  let testApp: OrderTestApp;
  const jobs = manualJobRunner();
  const recorded = new Map<string, SentStatement[]>();
  let admin = '';

  /** Runs a path with every site's kept data forgotten, so that its loads are sent too. */
  async function path(name: string, work: () => Promise<unknown>) {
    for (const siteId of testApp.app.siteCache.cachedSiteIds()) {
      testApp.app.siteCache.invalidateSite(siteId);
    }
    recorded.set(name, await recordStatements(work));
  }

  async function ok(
    siteId: number,
    options: Parameters<typeof siteRequest>[2],
  ): Promise<{ data: unknown }> {
    const response = await siteRequest(testApp.app, siteId, options);
    expect(response.statusCode, `${options.method} ${options.url}: ${response.body}`).toBeLessThan(
      300,
    );
    return response.headers['content-type']?.toString().startsWith('application/json')
      ? response.json()
      : { data: response.body };
  }
  const get = (url: string, token?: string) =>
    ok(92, { method: 'GET', url, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    testApp = await createOrderTestApp({ jobs: jobs.runner });
    admin = (await adminRoleTokens(testApp.database.db, 92, 91)).admin;
    // Records of every kind the paths read, on site 92 and on another site.
    const customer = await registerCustomer(testApp.app, 92);
    await placeCustomerHomeOrder(testApp, customer.token);
    await placeGuestHomeOrder(testApp);
    const wine = await testWine(testApp);
    const products = (await get('/product?nbItem=5')).data as { siteProducts: { id: number }[] };
    const tree = (await get('/page/tree')).data as { id: number }[];

    await path('site resolution by host', () =>
      ok(92, { method: 'GET', url: '/site/resolve', query: { host: 'vins.localhost:3000' } }),
    );
    await path('site, parameters and menu', async () => {
      await get('/site/info');
      await get('/parameter');
      await get('/page/tree');
    });
    await path('a page', () => get(`/page/${tree[0]!.id}`));
    await path('the wine list', async () => {
      await get('/product?nbItem=24');
      await get('/product?nbItem=24&page=2&search=rouge');
      // The storefront's list (decision 0128): a shelf, a vintage, a tag, and the filters' facets.
      await get('/product?nbItem=100&category=BOX&orderBy=name');
      await get('/product?nbItem=100&search=2022&tags=bio&orderBy=-price');
      await get('/product/facets');
    });
    await path('a product page', async () => {
      const id = products.siteProducts[0]!.id;
      await get(`/product/${id}`);
      await get(`/award?product=${id}`);
      await get(`/v2/product/recommended/${id}`);
      await get(`/product/${id}/customization`);
    });
    let visitor = await openTestCart(testApp.app, 92);
    await path('the cart', async () => {
      visitor = await openTestCart(testApp.app, 92);
      await addTestLine(testApp.app, 92, visitor, wine.declinationId, 2);
      await ok(92, {
        method: 'POST',
        url: `/cart/${visitor.cart.id}`,
        cookies: visitor.cookies,
        payload: {},
      });
    });
    let carrierId = 0;
    await path('a shipping quote', async () => {
      carrierId = await homeCarrierId(testApp.app, visitor);
      await ok(92, {
        method: 'POST',
        url: '/calculate/shipping-fees',
        cookies: visitor.cookies,
        payload: {
          idCart: visitor.cart.id,
          products: productsOf(visitor.cart),
          postalCode: '49000',
          country: 'FRA',
        },
      });
    });
    await path('placing an order', async () => {
      const placed = await placeOrder(testApp.app, visitor, homeDeliveryBody(visitor, carrierId));
      expect(placed.statusCode, placed.body).toBe(200);
    });
    await path("the account's order history", () => get('/order', customer.token));
    await path("the back office's order list", async () => {
      await get('/admin/order', admin);
      await get('/admin/order?page=40', admin);
      await get('/admin/order?status=PENDING_PAYMENT&from=2026-01-01&to=2026-12-31', admin);
      await get('/admin/order?slotDate=2026-06-02', admin);
    });
    await path("the back office's customer list", async () => {
      await get('/admin/customer', admin);
      await get('/admin/customer?page=40', admin);
      await get('/admin/customer?search=moreau', admin);
    });
    await path('the dashboard figures', () =>
      get('/admin/order-stats?from=2026-01-01&to=2026-03-31', admin),
    );
    await path('the orders CSV export', () =>
      get('/admin/order/export?from=2026-01-01&to=2026-12-31', admin),
    );
    await path('the batch jobs', async () => {
      for (const job of jobs.jobs.values()) await job();
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('captured the statements of every path', () => {
    for (const [name, statements] of recorded) {
      expect(statements.length, name).toBeGreaterThan(0);
    }
    expect(
      recorded.get('placing an order')!.some((s) => /insert into "orders"/i.test(s.text)),
    ).toBe(true);
  });

  it('finds no sequential scan of a tenant table on any path', async () => {
    const client = new pg.Client({
      connectionString: (testApp.database as { pool: pg.Pool }).pool.options.connectionString,
    });
    await client.connect();
    try {
      const tenants = await tenantTables(client);
      expect(tenants.has('orders')).toBe(true);
      const scans: (FullScan & { path: string })[] = [];
      // The jobs walk every site by design (one pass per site): `sites` is read whole there.
      const tenantsOfJobs = new Set([...tenants].filter((table) => table !== 'sites'));
      for (const [name, statements] of recorded) {
        const tables = name === 'the batch jobs' ? tenantsOfJobs : tenants;
        for (const scan of await fullScansOf(client, statements, tables)) {
          scans.push({ path: name, ...scan });
        }
      }
      expect(scans).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('would see a missing index (the check can fail)', async () => {
    const client = new pg.Client({
      connectionString: (testApp.database as { pool: pg.Pool }).pool.options.connectionString,
    });
    await client.connect();
    try {
      const scans = await fullScansOf(
        client,
        // No index starts with the phone: every site's orders would be read.
        [{ text: 'SELECT id FROM orders WHERE phone = $1', values: ['0601020304'] }],
        await tenantTables(client),
      );
      expect(scans.map((scan) => scan.table)).toEqual(['orders']);
    } finally {
      await client.end();
    }
  });
});
