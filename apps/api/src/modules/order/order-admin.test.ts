import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleTokens } from '../../test/admin-roles';
import { requestAs, type RequestAsArguments } from '../../test/http';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { ADMIN_ORDER_RANGE_MESSAGE } from '@comptoir/contract/admin-orders';
import { KEYSET_ROW_UNKNOWN_MESSAGE } from '@comptoir/contract/list-query';
import { ORDER_NOT_FOUND_MESSAGE } from '@comptoir/contract/order';
import { formatPercent } from '@comptoir/domain/money';
import { auditLog, orders } from '../../db/schema';
import { uniqueEmail } from '../../test/accounts';
import {
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  type OrderTestApp,
  placeGuestHomeOrder,
  placeOrder,
  testWine,
} from '../../test/orders';
import { readPdf } from '../../test/pdf-text';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import { EXPORT_BATCH } from './order-admin-service';

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

function guestOrder(email = uniqueEmail('commande'), quantity = 2) {
  return placeGuestHomeOrder(testApp, { email, quantity });
}

async function journal(entityType: string, entityId: number) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))));
}

describe('the role matrix of the back office order routes', () => {
  it('answers a visitor 401, a customer 403, another site 404, ADMIN and SUPER_ADMIN 200', async () => {
    const order = await guestOrder();
    const routes: Array<[string, boolean]> = [
      ['/admin/order', false],
      ['/admin/order/export?from=2026-06-01&to=2026-06-01', false],
      ['/admin/order-stats', false],
      [`/admin/order/${order.id}`, true],
      [`/admin/order/${order.id}/packing-slip`, true],
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
        expect(other.json().message).toBe(ORDER_NOT_FOUND_MESSAGE);
      }
      for (const token of [adminToken, superAdminToken]) {
        const allowed = await call(92, 'GET', url, token);
        expect(allowed.statusCode, `${url}: ${allowed.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});

describe('GET /admin/order', () => {
  it('filters by status, order date, delivery type and pick-up day, and pages', async () => {
    const paid = await guestOrder();
    const waiting = await guestOrder();
    const older = await guestOrder();
    await testApp.orders.service.transition(92, paid.id, 'PAID', 'admin:1');
    await testApp.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-05-20T21:30:00Z') }) // 23 h 30 in Paris, 20 May
      .where(eq(orders.id, older.id));
    const ids = async (query: string) =>
      (
        (await call(92, 'GET', `/admin/order?nbItem=1000&${query}`, adminToken)).json().data
          .list as { id: number }[]
      ).map((entry) => entry.id);

    const byStatus = await ids('status=PAID');
    expect(byStatus).toContain(paid.id);
    expect(byStatus).not.toContain(waiting.id);
    const june = await ids('from=2026-06-01&to=2026-06-01');
    expect(june).toEqual(expect.arrayContaining([paid.id, waiting.id]));
    expect(june).not.toContain(older.id);
    // Paris days: 21 h 30 UTC on 20 May is still 20 May in Paris.
    expect(await ids('from=2026-05-20&to=2026-05-20')).toEqual([older.id]);
    expect(await ids('deliveryType=DELIVERY')).toContain(paid.id);
    expect(await ids('deliveryType=CLICK_AND_COLLECT')).not.toContain(paid.id);
    expect(await ids('slotDate=2026-06-02')).not.toContain(paid.id);

    const firstPage = (await call(92, 'GET', '/admin/order?nbItem=2', adminToken)).json().data;
    expect(firstPage.list).toHaveLength(2);
    expect(firstPage.total).toBeGreaterThanOrEqual(3);
    const second = (await call(92, 'GET', '/admin/order?nbItem=2&page=2', adminToken)).json().data;
    expect(second.list[0].id).not.toBe(firstPage.list[0].id);
  });

  it('pages after a given order (keyset) as the numbered pages do, to the microsecond', async () => {
    // Within one millisecond, and two at the very same instant: only the id tells them apart.
    const instants = [
      '2026-05-10 10:00:00.123456+00',
      '2026-05-10 10:00:00.123456+00',
      '2026-05-10 10:00:00.1234+00',
      '2026-05-10 10:00:00.123999+00',
      '2026-05-10 10:00:00.1+00',
    ];
    for (const instant of instants) {
      const order = await guestOrder();
      await testApp.database.db
        .update(orders)
        .set({ createdAt: sql`${instant}::timestamptz` })
        .where(eq(orders.id, order.id));
    }
    const period = 'from=2026-05-10&to=2026-05-10';
    const whole = (await call(92, 'GET', `/admin/order?nbItem=1000&${period}`, adminToken)).json()
      .data;
    expect(whole.total).toBe(5);
    const walked: number[] = [];
    let after: number | undefined;
    for (let page = 1; page <= 4; page += 1) {
      const url = `/admin/order?nbItem=2&${period}${after ? `&after=${after}&page=${page}` : ''}`;
      const response = await call(92, 'GET', url, adminToken);
      expect(response.statusCode, response.body).toBe(200);
      const { list, total } = response.json().data as { list: { id: number }[]; total: number };
      expect(total).toBe(5);
      walked.push(...list.map((entry) => entry.id));
      if (list.length < 2) break;
      after = list.at(-1)!.id;
    }
    expect(walked).toEqual(whole.list.map((entry: { id: number }) => entry.id));
  });

  it("refuses to page after an order the site does not have, in French, and another site's", async () => {
    const theirs = await placeGuestHomeOrder(testApp);
    for (const after of [2_000_000_000, theirs.id]) {
      const response = await call(91, 'GET', `/admin/order?after=${after}`, otherSiteAdminToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(KEYSET_ROW_UNKNOWN_MESSAGE);
    }
    expect((await call(92, 'GET', '/admin/order?after=abc', adminToken)).statusCode).toBe(400);
  });

  it('refuses a reversed period, an unknown status or a wrong date with 400 (a bad query)', async () => {
    const reversed = await call(
      92,
      'GET',
      '/admin/order?from=2026-06-02&to=2026-06-01',
      adminToken,
    );
    expect(reversed.statusCode).toBe(400);
    expect(JSON.stringify(reversed.json())).toContain(ADMIN_ORDER_RANGE_MESSAGE);
    expect((await call(92, 'GET', '/admin/order?status=LOST', adminToken)).statusCode).toBe(400);
    expect((await call(92, 'GET', '/admin/order?from=2026-02-30', adminToken)).statusCode).toBe(
      400,
    );
  });

  it("never lists another site's orders", async () => {
    const order = await guestOrder();
    const list = (await call(91, 'GET', '/admin/order?nbItem=1000', otherSiteAdminToken)).json()
      .data.list as { id: number }[];
    expect(list.map((entry) => entry.id)).not.toContain(order.id);
  });
});

describe('GET /admin/order/:id and the status routes', () => {
  it('gives the whole order with its customer, addresses and history, and the history grows with each move (audited)', async () => {
    const order = await guestOrder('suivi@example.fr');
    for (const status of ['PAID', 'PREPARING', 'SHIPPED']) {
      const moved = await call(92, 'PUT', `/admin/order/${order.id}/status`, adminToken, {
        status,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    await testApp.app.backgroundTasks.idle();
    const detail = (await call(92, 'GET', `/admin/order/${order.id}`, adminToken)).json().data;
    expect(detail.order.status).toBe('SHIPPED');
    expect(detail.customer).toMatchObject({ email: 'suivi@example.fr', lastname: 'Martin' });
    expect(detail.deliveryAddress.city).toBe('Angers');
    expect(detail.history.map((entry: { toStatus: string }) => entry.toStatus)).toEqual([
      'PENDING_PAYMENT',
      'PAID',
      'PREPARING',
      'SHIPPED',
    ]);
    expect(detail.history.at(-1).actor).toBe('Administrateur');
    expect(detail.invoiceReference).toMatch(/^F\d{6}$/);
    const audited = await journal('order', order.id);
    expect(audited.map((entry) => entry.after)).toEqual([
      { status: 'PAID', isPaid: true },
      { status: 'PREPARING', isPaid: true },
      { status: 'SHIPPED', isPaid: true },
    ]);
    // The journal names the order by the reference its customer reads, its state in French.
    expect(audited.at(-1)!.summary).toBe(
      `Commande ${detail.order.reference} passée à l'état « expédiée »`,
    );
    expect(detail.order.reference).toMatch(/^C\d{6}$/);
    // A move the table refuses: 409, nothing changed.
    const back = await call(92, 'PUT', `/admin/order/${order.id}/status`, adminToken, {
      status: 'PENDING_PAYMENT',
    });
    expect(back.statusCode).toBe(409);
    expect(await journal('order', order.id)).toHaveLength(3);
  });

  it('answers the packing slip and the invoice as PDF files', async () => {
    const order = await guestOrder(undefined, 3);
    const beforePayment = await call(92, 'GET', `/admin/order/${order.id}/invoice`, adminToken);
    expect(beforePayment.statusCode).toBe(404);
    await testApp.orders.service.transition(92, order.id, 'PAID', 'admin:1');
    await testApp.app.backgroundTasks.idle();
    const slip = await call(92, 'GET', `/admin/order/${order.id}/packing-slip`, adminToken);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.headers['content-disposition']).toContain(`preparation-${order.reference}.pdf`);
    const { text } = await readPdf(slip.rawPayload);
    expect(text).toContain('Bon de préparation');
    expect(text).toContain(order.reference);
    expect(text).toContain('12 rue des Vignes');
    const invoice = await call(92, 'GET', `/admin/order/${order.id}/invoice`, adminToken);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(
      (await call(92, 'GET', `/admin/order/${order.id}/invoice`, customerToken)).statusCode,
    ).toBe(403);
  });
});

describe('GET /admin/order/export', () => {
  it('writes one line per order of the period with HT, TVA and TTC per rate, payment and status', async () => {
    const order = await guestOrder(undefined, 2);
    await testApp.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-04-10T08:00:00Z') })
      .where(eq(orders.id, order.id));
    const response = await call(
      92,
      'GET',
      '/admin/order/export?from=2026-04-10&to=2026-04-10',
      adminToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      'commandes-2026-04-10-au-2026-04-10.csv',
    );
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const rate = formatPercent(2000);
    expect(header).toBe(
      `"Commande";"Date";"HT ${rate}";"TVA ${rate}";"TTC ${rate}";"Total HT";"Total TVA";"Total TTC";"Payé par bon cadeau";"Moyen de paiement";"Payée";"État"`,
    );
    expect(lines).toHaveLength(1);
    const cells = lines[0]!.split(';').map((cell) => cell.replace(/^"|"$/g, ''));
    expect(cells[0]).toBe(order.reference);
    const vat = order.totals.vat[0]!;
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    expect(cells.slice(2, 8)).toEqual([
      euros(vat.baseCents),
      euros(vat.vatCents),
      euros(order.totals.totalCents),
      euros(order.totals.totalCents - order.totals.vatCents),
      euros(order.totals.vatCents),
      euros(order.totals.totalCents),
    ]);
    expect(cells.slice(9)).toEqual(['Virement bancaire', 'non', 'en attente de paiement']);
  });

  it('streams a period of more orders than one read, every order once, in order, with every rate', async () => {
    // 1,201 orders on 15 March, three reads of EXPORT_BATCH; only the last one has shipping,
    // at 5.5 %: its rate's columns are in the header all the same.
    const count = 2 * EXPORT_BATCH + 201;
    await testApp.database.db.execute(sql`
      insert into ${orders} (site_id, number, cart_id, status, payment_method, email, phone,
        firstname, lastname, billing_address, delivery_type, products_cents, shipping_cents,
        shipping_vat_rate_basis_points, total_cents, vat_cents, created_at)
      select 92, 700000 + n, 700000 + n, 'PAID', 'BANK_TRANSFER', 'export-' || n || '@example.fr',
        '0601020304', 'Camille', 'Martin', '{}'::jsonb, 'NO_DELIVERY', 0,
        case when n = ${count} then 1055 else 0 end, 550, case when n = ${count} then 1055 else 0 end,
        case when n = ${count} then 55 else 0 end,
        '2026-03-15 09:00:00+00'::timestamptz + n * interval '1 second'
      from generate_series(1, ${count}) as n`);
    const response = await call(
      92,
      'GET',
      '/admin/order/export?from=2026-03-15&to=2026-03-15',
      adminToken,
    );
    expect(response.statusCode).toBe(200);
    const [header, ...lines] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain(`"HT ${formatPercent(550)}"`);
    expect(lines.map((line) => line.split(';')[0])).toEqual(
      Array.from({ length: count }, (_, index) => `"C${String(700001 + index).padStart(6, '0')}"`),
    );
    expect(lines.at(-1)).toContain('"10,00";"0,55";"10,55"');
  });
});

describe('GET /admin/order-stats', () => {
  it('counts the paid orders of the period: revenue, count, average basket, days and best sellers', async () => {
    const wine = await testWine(testApp, { priceCents: 2000 });
    const made = [];
    for (const quantity of [1, 3]) {
      const visitor = await guestCart(testApp.app, [[wine, quantity]]);
      const carrierId = await homeCarrierId(testApp.app, visitor);
      made.push(
        expectPlaced(await placeOrder(testApp.app, visitor, homeDeliveryBody(visitor, carrierId))),
      );
    }
    const unpaid = await guestOrder();
    for (const order of [...made, unpaid]) {
      await testApp.database.db
        .update(orders)
        .set({ createdAt: new Date('2026-03-03T09:00:00Z') })
        .where(eq(orders.id, order.id));
    }
    for (const order of made)
      await testApp.orders.service.transition(92, order.id, 'PAID', 'admin:1');
    const stats = (
      await call(92, 'GET', '/admin/order-stats?from=2026-03-01&to=2026-03-05', adminToken)
    ).json().data;
    const revenue = made[0]!.totals.totalCents + made[1]!.totals.totalCents;
    expect(stats).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-05',
      revenueCents: revenue,
      orderCount: 2,
      averageBasketCents: Math.round(revenue / 2),
    });
    expect(stats.days).toHaveLength(5);
    expect(stats.days[2]).toEqual({ date: '2026-03-03', revenueCents: revenue, orderCount: 2 });
    expect(stats.bestSellers[0]).toMatchObject({ productId: wine.productId, quantity: 4 });
    expect(
      (await call(92, 'GET', '/admin/order-stats?from=2024-01-01&to=2026-03-05', adminToken))
        .statusCode,
    ).toBe(400);
  });

  it('sums thousands of orders by Paris day, leaving out the unpaid, cancelled and refunded ones', async () => {
    // 3,000 orders from 1 May 21:00 UTC, one a minute: 1 May from 23:00 in Paris (UTC+2), then
    // 2 and 3 May, and 4 May until 00:59. Every fifth is unpaid, every seventh cancelled, every
    // eleventh refunded.
    const count = 3000;
    await testApp.database.db.execute(sql`
      insert into ${orders} (site_id, number, cart_id, status, payment_method, email, phone,
        firstname, lastname, billing_address, delivery_type, products_cents, shipping_cents,
        shipping_vat_rate_basis_points, total_cents, vat_cents, is_paid, created_at)
      select 92, 800000 + n, 800000 + n,
        case when n % 7 = 0 then 'CANCELLED' when n % 11 = 0 then 'REFUNDED' else 'PAID' end::order_status,
        'BANK_TRANSFER', 'stats-' || n || '@example.fr', '0601020304', 'Camille', 'Martin',
        '{}'::jsonb, 'NO_DELIVERY', 1000 + n, 0, 2000, 1000 + n, 0, n % 5 <> 0,
        '2026-05-01 21:00:00+00'::timestamptz + (n - 1) * interval '1 minute'
      from generate_series(1, ${count}) as n`);
    await testApp.database.db.execute(sql`
      insert into order_lines (site_id, order_id, product_id, declination_id, name, quantity,
        unit_price_cents, total_cents, vat_rate_basis_points, vat_cents, is_stock_managed,
        customizations, discount_cents)
      select 92, id, 900000 + number % 3, 1, 'Cuvée ' || number % 3, 1 + number % 3,
        1000, 1000 * (1 + number % 3), 2000, 0, false, '[]'::jsonb, 10
      from ${orders} where site_id = 92 and number > 800000 and number <= ${800000 + count}`);
    const expected = new Map<string, { revenueCents: number; orderCount: number }>();
    const products = new Map<number, { quantity: number; revenueCents: number }>();
    for (let n = 1; n <= count; n++) {
      if (n % 5 === 0 || n % 7 === 0 || n % 11 === 0) continue;
      const instant = new Date(Date.parse('2026-05-01T21:00:00Z') + (n - 1) * 60_000);
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(instant);
      const figures = expected.get(day) ?? { revenueCents: 0, orderCount: 0 };
      expected.set(day, {
        revenueCents: figures.revenueCents + 1000 + n,
        orderCount: figures.orderCount + 1,
      });
      const number = 800000 + n;
      const product = products.get(900000 + (number % 3)) ?? { quantity: 0, revenueCents: 0 };
      products.set(900000 + (number % 3), {
        quantity: product.quantity + 1 + (number % 3),
        revenueCents: product.revenueCents + 1000 * (1 + (number % 3)) - 10,
      });
    }
    const stats = (
      await call(92, 'GET', '/admin/order-stats?from=2026-05-01&to=2026-05-05', adminToken)
    ).json().data;
    const days = ['2026-05-01', '2026-05-02', '2026-05-03', '2026-05-04', '2026-05-05'].map(
      (date) => ({
        date,
        ...(expected.get(date) ?? { revenueCents: 0, orderCount: 0 }),
      }),
    );
    expect(stats.days).toEqual(days);
    expect(days.map((day) => day.orderCount > 0)).toEqual([true, true, true, true, false]);
    const revenueCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
    const orderCount = days.reduce((sum, day) => sum + day.orderCount, 0);
    expect(stats).toMatchObject({
      revenueCents,
      orderCount,
      averageBasketCents: Math.round(revenueCents / orderCount),
    });
    expect(stats.bestSellers).toEqual(
      [...products]
        .sort(([, a], [, b]) => b.quantity - a.quantity)
        .map(([productId, figures]) => ({
          productId,
          name: `Cuvée ${productId - 900000}`,
          ...figures,
        })),
    );
  });
});
