import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { bearer, registerCustomer, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { mailsTo } from '../../test/mails';
import {
  createOrderTestApp,
  customerCart,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';
import { describeOnPostgres } from '../../test/postgres';

/*
 * Orders paid at the same moment, and an invoice read while it is being issued: transactions
 * overlap only on PostgreSQL (PGlite is one connection). The rest of the invoice's behaviour is in
 * invoice.test.ts, run once on PGlite.
 */
describeOnPostgres('invoice numbers on PostgreSQL', () => {
  let testApp: OrderTestApp;
  beforeAll(async () => {
    testApp = await createOrderTestApp({ now: () => new Date('2026-06-01T10:00:00Z') });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function guestOrder(email: string) {
    const wine = await testWine(testApp, { priceCents: 1200 });
    const visitor = await guestCart(testApp.app, [[wine, 2]]);
    const carrierId = await homeCarrierId(testApp.app, visitor);
    return expectPlaced(
      await placeOrder(
        testApp.app,
        visitor,
        homeDeliveryBody(visitor, carrierId, {
          user: {
            phone: '0601020304',
            email,
            firstname: 'Camille',
            lastname: 'Martin',
            birthdate: '1990-04-12',
          },
        }),
      ),
    );
  }

  async function customerOrder(token: string) {
    const wine = await testWine(testApp, { priceCents: 1200 });
    const visitor = await customerCart(testApp.app, token, wine.declinationId, 2);
    const carrierId = await homeCarrierId(testApp.app, visitor, token);
    return expectPlaced(
      await placeOrder(
        testApp.app,
        { token },
        { ...homeDeliveryBody(visitor, carrierId), user: { phone: '0601020304' } },
      ),
    );
  }

  it('gives 8 orders paid at once 8 consecutive numbers, and one order paid twice at once one invoice', async () => {
    const placed = [];
    for (let index = 0; index < 8; index += 1) placed.push(await guestOrder(uniqueEmail('course')));
    const [before] = await testApp.database.db
      .select({ last: sql<number>`coalesce(max(${invoices.number}), 0)::int` })
      .from(invoices)
      .where(eq(invoices.siteId, 92));
    await Promise.all(
      placed.map((order) => testApp.orders.service.transition(92, order.id, 'PAID', 'admin:1')),
    );
    await testApp.app.backgroundTasks.idle();
    const numbers = (
      await testApp.database.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(eq(invoices.siteId, 92))
    )
      .map((row) => row.number)
      .filter((number) => number > before!.last)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, index) => before!.last + 1 + index));

    // The customer reads the invoice while it is being issued: still one invoice.
    const customer = await registerCustomer(testApp.app, 92);
    const order = await customerOrder(customer.token);
    await testApp.orders.service.transition(92, order.id, 'PAID', 'admin:1');
    const reads = await Promise.all(
      Array.from({ length: 5 }, () =>
        siteRequest(testApp.app, 92, {
          method: 'GET',
          url: `/order/${order.id}/invoice`,
          headers: bearer(customer.token),
        }),
      ),
    );
    await testApp.app.backgroundTasks.idle();
    expect(reads.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(reads.map((response) => response.headers['content-disposition'])).size).toBe(1);
    const rows = await testApp.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, 92), eq(invoices.orderId, order.id)));
    expect(rows).toHaveLength(1);
    const invoiceMails = (await mailsTo(testApp, customer.email)).filter((mail) =>
      mail.subject.startsWith('Votre facture'),
    );
    expect(invoiceMails).toHaveLength(1);
  });
});
