import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_IN_PROGRESS_DELETION_MESSAGE } from '@comptoir/contract/user';
import { carts, invoices, orderLines, orders, pickupSlotBookings, users } from '../../db/schema';
import { bearer, registerCustomer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import {
  clickAndCollectBody,
  createOrderTestApp,
  customerCart,
  expectPlaced,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';

/** Monday 1 June 2026, 12h00 in Paris: June's pick-up slots are ahead. */
const NOW = new Date('2026-06-01T10:00:00Z');

let testApp: OrderTestApp;
beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => NOW });
});
afterAll(async () => {
  await testApp?.close();
});

function deleteAccount(token: string) {
  return siteRequest(testApp.app, 92, { method: 'DELETE', url: '/user', headers: bearer(token) });
}

async function orderRow(orderId: number) {
  const [row] = await testApp.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.siteId, 92), eq(orders.id, orderId)));
  return row!;
}

describe('DELETE /user with orders', () => {
  it('keeps the finished orders and their invoice, without the person', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const wine = await testWine(testApp);
    const visitor = await customerCart(testApp.app, customer.token, wine.declinationId, 2);
    const carrierId = await homeCarrierId(testApp.app, visitor, customer.token);
    const order = expectPlaced(
      await placeOrder(
        testApp.app,
        { token: customer.token },
        {
          ...homeDeliveryBody(visitor, carrierId),
          user: { phone: '0611223344' },
          message: 'Laisser chez la voisine, Mme Durand.',
        },
      ),
    );
    const { service } = testApp.orders;

    // While the order is on its way, the account stays: the order needs its details.
    const refused = await deleteAccount(customer.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ORDER_IN_PROGRESS_DELETION_MESSAGE(order.reference));
    for (const status of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
      await service.transition(92, order.id, status, 'admin:1');
    }
    await testApp.app.backgroundTasks.idle();

    const response = await deleteAccount(customer.token);
    expect(response.statusCode, response.body).toBe(200);
    const db = testApp.database.db;
    expect(await db.select().from(users).where(eq(users.id, customer.user.id))).toEqual([]);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      userId: null,
      email: '',
      phone: '',
      firstname: 'Client',
      lastname: 'anonymisé',
      birthdate: null,
      deliveryAddress: null,
      billingAddress: { country: 'France' },
      message: null,
      status: 'DELIVERED',
      totalCents: order.totals.totalCents,
    });
    expect(JSON.stringify(row)).not.toContain('Camille');
    expect(JSON.stringify(row)).not.toContain(customer.email);
    // The lines and amounts stay, as the accounts must.
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines).toHaveLength(1);
    // The invoice is an accounting record kept as issued (buyer's name and billing address).
    const [invoice] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, 92), eq(invoices.orderId, order.id)));
    expect(invoice).toBeDefined();
    // A later refund mails no one.
    await service.transition(92, order.id, 'REFUNDED', 'admin:1');
    await testApp.app.backgroundTasks.idle();
  });

  it('keeps the pick-up place a finished click-and-collect order took', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const wine = await testWine(testApp);
    const visitor = await customerCart(testApp.app, customer.token, wine.declinationId, 1);
    const { body } = await clickAndCollectBody(
      testApp.app,
      { ...visitor, cookies: {} },
      { email: customer.email, firstname: 'Camille', lastname: 'Martin' },
      2,
      customer.token,
    );
    const order = expectPlaced(await placeOrder(testApp.app, { token: customer.token }, body));
    const { service } = testApp.orders;
    for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'PAID', 'PICKED_UP'] as const) {
      await service.transition(92, order.id, status, 'admin:1');
    }
    const bookingsOf = () =>
      testApp.database.db
        .select()
        .from(pickupSlotBookings)
        .where(eq(pickupSlotBookings.cartId, visitor.cart.id));
    expect(await bookingsOf()).toHaveLength(1);

    expect((await deleteAccount(customer.token)).statusCode).toBe(200);
    expect(await bookingsOf()).toHaveLength(1);
    const [cart] = await testApp.database.db
      .select()
      .from(carts)
      .where(eq(carts.id, visitor.cart.id));
    expect(cart).toMatchObject({ userId: null });
    expect(cart?.closedAt).not.toBeNull();
    expect((await orderRow(order.id)).userId).toBeNull();
  });
});
