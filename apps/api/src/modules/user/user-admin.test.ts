import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleTokens } from '../../test/admin-roles';
import { requestAs, type RequestAsArguments } from '../../test/http';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { CUSTOMER_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin-customers';
import { auditLog, orders, users } from '../../db/schema';
import { registerCustomer } from '../../test/accounts';
import { createOrderTestApp, type OrderTestApp, placeCustomerHomeOrder } from '../../test/orders';
import { NOT_LOGGED_IN_MESSAGE } from './user-service';

const NOW = new Date('2026-06-01T10:00:00Z');

let testApp: OrderTestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let otherSiteAdminToken: string;

beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => NOW });
  const db = testApp.database.db;
  ({
    admin: adminToken,
    superAdmin: superAdminToken,
    customer: customerToken,
    otherSiteAdmin: otherSiteAdminToken,
  } = await adminRoleTokens(db, 92, 91));
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function call(...request: RequestAsArguments) {
  return requestAs(testApp.app, ...request);
}

function customerOrder(token: string) {
  return placeCustomerHomeOrder(testApp, token, {
    quantity: 1,
    priceCents: 1500,
    phone: '0611111111',
  });
}

async function journal(entityType: string, entityId: number) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));
}

describe('the role matrix of the back office customer routes', () => {
  it('answers a visitor 401, a customer 403, another site 404, ADMIN and SUPER_ADMIN 200', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const routes: Array<[string, boolean]> = [
      ['/admin/customer', false],
      [`/admin/customer/${customer.user.id}`, true],
      [`/admin/customer/${customer.user.id}/export`, true],
    ];
    for (const [url, namesARecord] of routes) {
      const visitor = await call(92, 'GET', url, null);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const shopper = await call(92, 'GET', url, customerToken);
      expect(shopper.statusCode, url).toBe(403);
      expect(shopper.json().message).toBe(ADMIN_ONLY_MESSAGE);
      if (namesARecord) {
        const other = await call(91, 'GET', url, otherSiteAdminToken);
        expect(other.statusCode, url).toBe(404);
        expect(other.json().message).toBe(CUSTOMER_NOT_FOUND_MESSAGE);
      }
      for (const token of [adminToken, superAdminToken]) {
        const allowed = await call(92, 'GET', url, token);
        expect(allowed.statusCode, `${url}: ${allowed.body.slice(0, 200)}`).toBe(200);
      }
    }
    // The anonymisation, a write: nothing done for the refused callers.
    const url = `/admin/customer/${customer.user.id}/anonymise`;
    expect((await call(92, 'POST', url, null)).statusCode).toBe(401);
    expect((await call(92, 'POST', url, customerToken)).statusCode).toBe(403);
    const other = await call(91, 'POST', url, otherSiteAdminToken);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CUSTOMER_NOT_FOUND_MESSAGE);
    expect(await journal('customer', customer.user.id)).toHaveLength(0);
    expect((await call(92, 'POST', url, superAdminToken)).statusCode).toBe(200);
  });
});

describe('customers', () => {
  it('lists and searches the customer accounts of the site, with their orders', async () => {
    const customer = await registerCustomer(testApp.app, 92, { lastname: 'Vigneron-Recherche' });
    const order = await customerOrder(customer.token);
    const found = (await call(92, 'GET', '/admin/customer?search=vigneron-rech', adminToken)).json()
      .data;
    expect(found.list.map((entry: { id: number }) => entry.id)).toEqual([customer.user.id]);
    expect(found.list[0].orderCount).toBe(1);
    const detail = (await call(92, 'GET', `/admin/customer/${customer.user.id}`, adminToken)).json()
      .data;
    expect(detail.orders.map((entry: { id: number }) => entry.id)).toEqual([order.id]);
    // An administrator is not a customer.
    const staff = (await call(92, 'GET', '/admin/customer?nbItem=1000', adminToken)).json().data
      .list as { id: number; email: string }[];
    expect(staff.every((entry) => !entry.email.startsWith('admin'))).toBe(true);
  });

  it("exports only this customer's data, never another customer's or another site's", async () => {
    const customer = await registerCustomer(testApp.app, 92, { firstname: 'Hortense' });
    const neighbour = await registerCustomer(testApp.app, 92, { firstname: 'Ignace' });
    const elsewhere = await registerCustomer(testApp.app, 91, { email: customer.email });
    const order = await customerOrder(customer.token);
    const theirs = await customerOrder(neighbour.token);
    const response = await call(
      92,
      'GET',
      `/admin/customer/${customer.user.id}/export`,
      adminToken,
    );
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `donnees-client-${customer.user.id}.json`,
    );
    const data = JSON.parse(response.body);
    expect(data.account).toMatchObject({ id: customer.user.id, email: customer.email });
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.orders.map((entry: { id: number }) => entry.id)).toEqual([order.id]);
    expect(data.orders[0].billingAddress.firstPart).toBe('12 rue des Vignes');
    expect(data.carts.length).toBeGreaterThan(0);
    expect(response.body).not.toContain(neighbour.email);
    expect(response.body).not.toContain('Ignace');
    expect(response.body).not.toContain(theirs.reference);
    expect(response.body).not.toContain(`"id": ${elsewhere.user.id},`);
  });

  it('anonymises a customer: the orders stay with their amounts and lose the person (audited)', async () => {
    const customer = await registerCustomer(testApp.app, 92, { firstname: 'Eulalie' });
    const order = await customerOrder(customer.token);
    // An order in progress keeps the account (409), nothing changed.
    const refused = await call(
      92,
      'POST',
      `/admin/customer/${customer.user.id}/anonymise`,
      adminToken,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(order.reference);
    expect(await journal('customer', customer.user.id)).toHaveLength(0);
    await testApp.orders.service.transition(92, order.id, 'CANCELLED', 'admin:1');

    const done = await call(
      92,
      'POST',
      `/admin/customer/${customer.user.id}/anonymise`,
      adminToken,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ anonymisedOrders: 1 });
    const [kept] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      email: '',
      phone: '',
      firstname: 'Client',
      lastname: 'anonymisé',
      deliveryAddress: null,
      billingAddress: { country: 'France' },
      totalCents: order.totals.totalCents,
    });
    expect(
      await testApp.database.db.select().from(users).where(eq(users.id, customer.user.id)),
    ).toEqual([]);
    const detail = (await call(92, 'GET', `/admin/order/${order.id}`, adminToken)).json().data;
    expect(detail.order.lines).toHaveLength(1);
    expect(detail.customer.email).toBe('');
    const [entry] = await journal('customer', customer.user.id);
    expect(entry).toMatchObject({ action: 'anonymise' });
    expect(JSON.stringify(entry)).not.toContain(customer.email.split('@')[0]);
    expect(
      (await call(92, 'GET', `/admin/customer/${customer.user.id}`, adminToken)).statusCode,
    ).toBe(404);
  });
});
