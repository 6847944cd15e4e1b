import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_NOT_FOUND_MESSAGE, orderSchema, type Order } from '@comptoir/contract/order';
import {
  CARD_PAYMENT_NOT_SET_UP_MESSAGE,
  CARD_PAYMENT_UNAVAILABLE_MESSAGE,
  CARD_REFUND_ONLY_MESSAGE,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_NOT_PAID_BY_CARD_MESSAGE,
  ORDER_TOKEN_HEADER,
  WEBHOOK_REFUSED_MESSAGE,
  WEBHOOK_UNKNOWN_SITE_MESSAGE,
} from '@comptoir/contract/payment';
import { orderReference, type OrderStatus, type PaymentMethod } from '@comptoir/domain/order';
import {
  auditLog,
  declinations,
  orderStatusHistory,
  orders,
  stripeWebhookEvents,
} from '../../db/schema';
import { bearer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { addTestLine, makeTestProduct, openTestCart } from '../../test/carts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { siteRequest } from '../../test/http';
import {
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder as placeTestOrder,
  testWine,
} from '../../test/orders';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStripeRepository } from './stripe-repository';

const KEYS = {
  publishableKey: 'pk_test_comptoir92',
  secretKey: 'sk_test_comptoir92_secret',
  webhookSigningSecret: 'whsec_comptoir92_signing',
};

let testApp: TestApp;
let fakeStripe: FakeStripe;
let adminToken: string;

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

/** A guest's order of a gift card (nothing to ship), paid by `paymentMethod`. */
async function placeOrder(paymentMethod: PaymentMethod = 'CARD', priceCents = 4500) {
  const ticket = await makeTestProduct(testApp.database, 92, {
    type: 'OTHER',
    isDematerialized: true,
    capacity: null,
    priceCents,
  });
  const visitor = await openTestCart(testApp.app, 92);
  await addTestLine(testApp.app, 92, visitor, ticket.declinationId, 1);
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: visitor.cookies,
    payload: {
      idCart: visitor.cart.id,
      user: {
        phone: '0601020304',
        email: 'camille@example.fr',
        firstname: 'Camille',
        lastname: 'Martin',
        birthdate: '1990-04-12',
      },
      address: { billing: ADDRESS },
      delivery: { type: 'NO_DELIVERY' },
      paymentMethod,
      acceptSaleTerms: true,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = orderSchema.parse(response.json().data);
  expect(order.accessToken).toEqual(expect.any(String));
  return order as Order & { accessToken: string };
}

function readOrder(id: number, headers: Record<string, string> = {}, siteId = 92) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url: `/order/${id}`, headers });
}

function askPaymentIntent(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/custom-stripe/payment-intent',
    headers,
    payload: body,
  });
}

async function paymentIntentOf(order: Order & { accessToken: string }) {
  const response = await askPaymentIntent(
    { idOrder: order.id },
    { [ORDER_TOKEN_HEADER]: order.accessToken },
  );
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as { clientSecret: string; amountCents: number };
  const intentId = data.clientSecret.split('_secret_')[0]!;
  return { ...data, intentId };
}

let eventCount = 0;
function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  eventCount += 1;
  return JSON.stringify({
    id: id ?? `evt_test_${eventCount}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
}

function succeeded(intentId: string, order: Order, amount = order.totals.amountDueCents) {
  return {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: 'eur',
    status: 'succeeded',
    metadata: { siteId: '92', orderId: String(order.id) },
  };
}

function deliver(
  payload: string,
  options: { secret?: string; timestamp?: number; body?: string } = {},
) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? KEYS.webhookSigningSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  // No siteId header: Stripe does not send one.
  return testApp.app.inject({
    method: 'POST',
    url: '/custom-stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: options.body ?? payload,
  });
}

async function stored(orderId: number) {
  const [row] = await testApp.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function historyTo(orderId: number, status: string) {
  const rows = await testApp.database.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId)));
  return rows.filter((row) => row.toStatus === status);
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, message });
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  testApp = await createTestApp({
    authLimits: RELAXED_AUTH_LIMITS,
    env: { STRIPE_API_URL: fakeStripe.url },
  });
  await createStripeRepository(testApp.database.db).saveAccount({ siteId: 92, ...KEYS });
  adminToken = (await createUserWithSession(testApp.database.db, { siteId: 92, role: 'ADMIN' }))
    .token;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await fakeStripe?.close();
});

describe('GET /custom-stripe/public-key', () => {
  it("answers the site's publishable key, never a secret", async () => {
    const response = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/custom-stripe/public-key',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe(KEYS.publishableKey);
    expect(response.body).not.toContain(KEYS.secretKey);
    expect(response.body).not.toContain(KEYS.webhookSigningSecret);
  });

  it('says card payment is not set up on a site without keys', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/custom-stripe/public-key',
    });
    expectRefused(response, 404, CARD_PAYMENT_NOT_SET_UP_MESSAGE);
  });
});

describe('order access token', () => {
  it('is answered once by POST /order and kept only as a hash', async () => {
    const order = await placeOrder();
    const row = await stored(order.id);
    expect(row.accessTokenHash).toBe(createHash('sha256').update(order.accessToken).digest('hex'));
    expect(row.accessTokenHash).not.toBe(order.accessToken);
    const read = await readOrder(order.id, { [ORDER_TOKEN_HEADER]: order.accessToken });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({ id: order.id, accessToken: null });
  });

  it('cannot be chosen by the client, nor can the status or the payment', async () => {
    const ticket = await makeTestProduct(testApp.database, 92, {
      type: 'OTHER',
      isDematerialized: true,
      capacity: null,
    });
    const visitor = await openTestCart(testApp.app, 92);
    await addTestLine(testApp.app, 92, visitor, ticket.declinationId, 1);
    const body = {
      idCart: visitor.cart.id,
      user: {
        phone: '0601020304',
        email: 'a@example.fr',
        firstname: 'A',
        lastname: 'B',
        birthdate: '1990-04-12',
      },
      address: { billing: ADDRESS },
      delivery: { type: 'NO_DELIVERY' },
      paymentMethod: 'CARD',
      acceptSaleTerms: true,
    };
    for (const extra of [
      { accessToken: 'chosen-by-the-client-000000000' },
      { status: 'PAID' },
      { isPaid: true },
      { siteId: 91 },
    ]) {
      const response = await siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/order',
        cookies: visitor.cookies,
        payload: { ...body, ...extra },
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('opens the order to its owner and to the token holder, to no one else', async () => {
    const order = await placeOrder();
    const other = await placeOrder();
    const owner = await createUserWithSession(testApp.database.db, { siteId: 92 });
    const stranger = await createUserWithSession(testApp.database.db, { siteId: 92 });
    await testApp.database.db
      .update(orders)
      .set({ userId: owner.user.id })
      .where(eq(orders.id, order.id));

    expect((await readOrder(order.id, bearer(owner.token))).statusCode).toBe(200);
    expect(
      (await readOrder(order.id, { [ORDER_TOKEN_HEADER]: order.accessToken })).statusCode,
    ).toBe(200);
    // The owner's session with a wrong token still opens it: either one is enough.
    expect(
      (
        await readOrder(order.id, {
          ...bearer(owner.token),
          [ORDER_TOKEN_HEADER]: other.accessToken,
        })
      ).statusCode,
    ).toBe(200);

    expectRefused(await readOrder(order.id, bearer(stranger.token)), 404, ORDER_NOT_FOUND_MESSAGE);
    expectRefused(
      await readOrder(order.id, { [ORDER_TOKEN_HEADER]: other.accessToken }),
      404,
      ORDER_NOT_FOUND_MESSAGE,
    );
    for (const wrong of ['x'.repeat(43), 'court', `${order.accessToken}!`]) {
      expectRefused(
        await readOrder(order.id, { [ORDER_TOKEN_HEADER]: wrong }),
        404,
        ORDER_NOT_FOUND_MESSAGE,
      );
    }
    // The right token on another site opens nothing there.
    expect(
      (await readOrder(order.id, { [ORDER_TOKEN_HEADER]: order.accessToken }, 91)).statusCode,
    ).toBe(404);
    expect((await readOrder(order.id)).statusCode).toBe(401);
  });
});

describe('POST /custom-stripe/payment-intent', () => {
  it('creates one PaymentIntent per order for its amount due, and answers it again', async () => {
    const order = await placeOrder('CARD', 4500);
    const before = fakeStripe.requests.length;
    const first = await paymentIntentOf(order);
    expect(first.amountCents).toBe(order.totals.amountDueCents);
    expect(first.amountCents).toBe(4500);
    const created = fakeStripe.requests.slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      secretKey: KEYS.secretKey,
      idempotencyKey: `comptoir-order-92-${order.id}`,
      form: {
        amount: '4500',
        currency: 'eur',
        'metadata[siteId]': '92',
        'metadata[orderId]': String(order.id),
      },
    });

    const again = await paymentIntentOf(order);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(fakeStripe.requests.slice(before + 1).map((request) => request.method)).toEqual(['GET']);
    expect(
      [...fakeStripe.intents.values()].filter((intent) => intent.id === first.intentId),
    ).toHaveLength(1);
  });

  it("opens to the order's owner or token only, and refuses what is not a card order", async () => {
    const order = await placeOrder();
    const stranger = await createUserWithSession(testApp.database.db, { siteId: 92 });
    expectRefused(
      await askPaymentIntent({ idOrder: order.id }, bearer(stranger.token)),
      404,
      ORDER_NOT_FOUND_MESSAGE,
    );
    expect((await askPaymentIntent({ idOrder: order.id })).statusCode).toBe(401);

    const transfer = await placeOrder('BANK_TRANSFER');
    expectRefused(
      await askPaymentIntent(
        { idOrder: transfer.id },
        { [ORDER_TOKEN_HEADER]: transfer.accessToken },
      ),
      409,
      ORDER_NOT_PAID_BY_CARD_MESSAGE,
    );
  });

  it('refuses an amount, a status or a site sent by the client (mass assignment)', async () => {
    const order = await placeOrder();
    const before = fakeStripe.requests.length;
    for (const extra of [{ amount: 1 }, { amountCents: 1 }, { siteId: 91 }, { isPaid: true }]) {
      const response = await askPaymentIntent(
        { idOrder: order.id, ...extra },
        { [ORDER_TOKEN_HEADER]: order.accessToken },
      );
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(fakeStripe.requests.length).toBe(before);
  });

  it('says so clearly when Stripe does not answer, and keeps nothing', async () => {
    const order = await placeOrder();
    fakeStripe.failing = true;
    try {
      const response = await askPaymentIntent(
        { idOrder: order.id },
        { [ORDER_TOKEN_HEADER]: order.accessToken },
      );
      expectRefused(response, 502, CARD_PAYMENT_UNAVAILABLE_MESSAGE);
      expect(response.body).not.toContain(KEYS.secretKey);
    } finally {
      fakeStripe.failing = false;
    }
    expect((await paymentIntentOf(order)).amountCents).toBe(order.totals.amountDueCents);
  });
});

describe('POST /custom-stripe/webhook', () => {
  it('refuses a bad signature, an altered body, an old timestamp, no signature: nothing changes', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    const payload = stripeEvent('payment_intent.succeeded', succeeded(intentId, order));

    expectRefused(
      await deliver(payload, { secret: 'whsec_someone_else' }),
      400,
      WEBHOOK_REFUSED_MESSAGE,
    );
    expectRefused(
      await deliver(payload, { body: payload.replace('"amount":4500', '"amount":4501') }),
      400,
      WEBHOOK_REFUSED_MESSAGE,
    );
    expectRefused(
      await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      400,
      WEBHOOK_REFUSED_MESSAGE,
    );
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: '/custom-stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectRefused(unsigned, 400, WEBHOOK_REFUSED_MESSAGE);
    // An event naming a site without keys cannot be checked: refused as well.
    const elsewhere = stripeEvent('payment_intent.succeeded', {
      ...succeeded(intentId, order),
      metadata: { siteId: '91', orderId: String(order.id) },
    });
    expectRefused(await deliver(elsewhere), 400, WEBHOOK_UNKNOWN_SITE_MESSAGE);

    const row = await stored(order.id);
    expect(row).toMatchObject({ status: 'PENDING_PAYMENT', isPaid: false });
    expect(await testApp.database.db.select().from(stripeWebhookEvents)).toEqual([]);
  });

  it('marks the order paid once, whatever the number of deliveries', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    const payload = stripeEvent('payment_intent.succeeded', succeeded(intentId, order));
    const sequential = [];
    for (let delivery = 0; delivery < 3; delivery += 1) sequential.push(await deliver(payload));
    const concurrent = await Promise.all([deliver(payload), deliver(payload)]);
    for (const response of [...sequential, ...concurrent]) {
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(sequential[0]!.json().data).toEqual({ received: true, outcome: 'paid' });
    expect(sequential[1]!.json().data).toEqual({ received: true, outcome: 'duplicate' });
    expect(await stored(order.id)).toMatchObject({ status: 'PAID', isPaid: true });
    // One transition recorded, so one statusChanged event told (one per committed transition).
    expect(await historyTo(order.id, 'PAID')).toHaveLength(1);
  });

  it('never moves a paid order back on a late failure or cancellation', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    expect(
      (await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order))))
        .statusCode,
    ).toBe(200);
    for (const type of ['payment_intent.payment_failed', 'payment_intent.canceled']) {
      const late = await deliver(
        stripeEvent(type, { ...succeeded(intentId, order), status: 'canceled' }),
      );
      expect(late.statusCode).toBe(200);
      expect(late.json().data.outcome).toBe('noted: no change');
    }
    expect(await stored(order.id)).toMatchObject({ status: 'PAID', isPaid: true });

    // A failure before the success does not cancel either: the customer may try another card.
    const second = await placeOrder();
    const secondIntent = await paymentIntentOf(second);
    await deliver(
      stripeEvent('payment_intent.payment_failed', {
        ...succeeded(secondIntent.intentId, second),
        amount_received: 0,
        status: 'requires_payment_method',
      }),
    );
    expect(await stored(second.id)).toMatchObject({ status: 'PENDING_PAYMENT', isPaid: false });
    await deliver(
      stripeEvent('payment_intent.succeeded', succeeded(secondIntent.intentId, second)),
    );
    expect(await stored(second.id)).toMatchObject({ status: 'PAID', isPaid: true });
  });

  it('ignores a payment whose amount is not the order’s', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    const short = order.totals.amountDueCents - 1;
    const response = await deliver(
      stripeEvent('payment_intent.succeeded', succeeded(intentId, order, short)),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.outcome).toBe('ignored: amount mismatch');
    expect(await stored(order.id)).toMatchObject({ status: 'PENDING_PAYMENT', isPaid: false });
  });

  it('ignores a PaymentIntent it did not create, even signed, and another order named', async () => {
    const order = await placeOrder();
    const response = await deliver(
      stripeEvent('payment_intent.succeeded', succeeded('pi_not_ours', order)),
    );
    expect(response.json().data.outcome).toBe('ignored: unknown payment intent');
    expect(await stored(order.id)).toMatchObject({ isPaid: false });
  });

  it('marks a wholly refunded charge REFUNDED, and leaves a partial refund alone', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order)));
    const charge = {
      id: 'ch_test',
      object: 'charge',
      amount: order.totals.amountDueCents,
      amount_refunded: 100,
      refunded: false,
      payment_intent: intentId,
      metadata: {},
    };
    const partial = await deliver(stripeEvent('charge.refunded', charge));
    expect(partial.json().data.outcome).toBe('noted: partial refund');
    expect(await stored(order.id)).toMatchObject({ status: 'PAID' });
    const whole = await deliver(
      stripeEvent('charge.refunded', {
        ...charge,
        amount_refunded: order.totals.amountDueCents,
        refunded: true,
      }),
    );
    expect(whole.json().data.outcome).toBe('refunded');
    expect(await stored(order.id)).toMatchObject({ status: 'REFUNDED' });
    // A success delivered late does not make it paid again.
    await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order)));
    expect(await stored(order.id)).toMatchObject({ status: 'REFUNDED' });

    // Once paid, a new PaymentIntent is refused.
    expectRefused(
      await askPaymentIntent({ idOrder: order.id }, { [ORDER_TOKEN_HEADER]: order.accessToken }),
      409,
      ORDER_ALREADY_PAID_MESSAGE,
    );
  });
});

describe('back office: refund and status', () => {
  function adminCall(method: 'POST' | 'PUT', url: string, token: string | null, payload?: object) {
    return siteRequest(testApp.app, 92, {
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
  }

  it('refunds a card order through Stripe', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order)));
    const before = fakeStripe.requests.length;
    const response = await adminCall('POST', `/admin/order/${order.id}/refund`, adminToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: order.id, status: 'REFUNDED' });
    expect(fakeStripe.requests.slice(before)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/refunds',
        secretKey: KEYS.secretKey,
        form: { payment_intent: intentId },
      }),
    ]);
    // Stripe's charge.refunded that follows finds the order already refunded.
    const echo = await deliver(
      stripeEvent('charge.refunded', {
        id: 'ch_echo',
        object: 'charge',
        refunded: true,
        payment_intent: intentId,
        metadata: {},
      }),
    );
    expect(echo.json().data.outcome).toBe('ignored: already refunded');
    expect(await historyTo(order.id, 'REFUNDED')).toHaveLength(1);
  });

  it('moves an offline order by its status, refunds it without Stripe', async () => {
    const order = await placeOrder('BANK_TRANSFER');
    const paid = await adminCall('PUT', `/admin/order/${order.id}/status`, adminToken, {
      status: 'PAID',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'PAID', isPaid: true });
    const history = await historyTo(order.id, 'PAID');
    expect(history[0]!.actor).toMatch(/^admin:\d+$/);

    const before = fakeStripe.requests.length;
    const refunded = await adminCall('POST', `/admin/order/${order.id}/refund`, adminToken);
    expect(refunded.json().data).toMatchObject({ status: 'REFUNDED' });
    expect(fakeStripe.requests.length).toBe(before);
    // A move the table does not allow says why.
    const back = await adminCall('PUT', `/admin/order/${order.id}/status`, adminToken, {
      status: 'PAID',
    });
    expect(back.statusCode).toBe(409);
    // The back office's journal has one entry per move made, none for the refused one.
    const journal = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(order.id))))
      .orderBy(auditLog.id);
    expect(journal.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      {
        action: 'status',
        before: { status: 'PENDING_PAYMENT', isPaid: false },
        after: { status: 'PAID', isPaid: true },
      },
      {
        action: 'refund',
        before: { status: 'PAID', isPaid: true },
        after: { status: 'REFUNDED', isPaid: true, restock: true },
      },
    ]);
    expect(journal[0]!.siteId).toBe(92);
  });

  it('keeps a card refund on the refund route, and refuses what the body may not set', async () => {
    const order = await placeOrder();
    const { intentId } = await paymentIntentOf(order);
    await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order)));
    expectRefused(
      await adminCall('PUT', `/admin/order/${order.id}/status`, adminToken, {
        status: 'REFUNDED',
      }),
      409,
      CARD_REFUND_ONLY_MESSAGE,
    );
    for (const extra of [{ isPaid: false }, { siteId: 91 }, { totalCents: 0 }]) {
      const response = await adminCall('PUT', `/admin/order/${order.id}/status`, adminToken, {
        status: 'PREPARING',
        ...extra,
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await stored(order.id)).toMatchObject({ status: 'PAID', isPaid: true });
  });

  it('is for the admins of the site only', async () => {
    const order = await placeOrder('BANK_TRANSFER');
    const customer = await createUserWithSession(testApp.database.db, { siteId: 92 });
    const otherSiteAdmin = await createUserWithSession(testApp.database.db, {
      siteId: 91,
      role: 'ADMIN',
    });
    expect((await adminCall('POST', `/admin/order/${order.id}/refund`, null)).statusCode).toBe(401);
    expect(
      (await adminCall('POST', `/admin/order/${order.id}/refund`, customer.token)).statusCode,
    ).toBe(403);
    expect(
      (await adminCall('POST', `/admin/order/${order.id}/refund`, otherSiteAdmin.token)).statusCode,
    ).toBe(401);
    // An admin of site 91 on its own site does not find site 92's order.
    const across = await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: `/admin/order/${order.id}/status`,
      headers: bearer(otherSiteAdmin.token),
      payload: { status: 'PAID' },
    });
    expectRefused(across, 404, ORDER_NOT_FOUND_MESSAGE);
    expect(await stored(order.id)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });
});

describe('back office: a refund and the stock (decision 0082)', () => {
  function refund(orderId: number, body?: Record<string, unknown>) {
    return siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/admin/order/${orderId}/refund`,
      headers: bearer(adminToken),
      ...(body ? { payload: body } : {}),
    });
  }

  function move(orderId: number, status: OrderStatus) {
    return siteRequest(testApp.app, 92, {
      method: 'PUT',
      url: `/admin/order/${orderId}/status`,
      headers: bearer(adminToken),
      payload: { status },
    });
  }

  async function stockOf(declinationId: number) {
    const [row] = await testApp.database.db
      .select({ stock: declinations.stock })
      .from(declinations)
      .where(eq(declinations.id, declinationId));
    return row!.stock;
  }

  /** A guest's order of 3 bottles (of 100) delivered at home, moved by the owner through `steps`. */
  async function wineOrder(steps: OrderStatus[], paymentMethod: PaymentMethod = 'BANK_TRANSFER') {
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 3]]);
    const carrierId = await homeCarrierId(testApp.app, visitor);
    const order = expectPlaced(
      await placeTestOrder(
        testApp.app,
        visitor,
        homeDeliveryBody(visitor, carrierId, { paymentMethod }),
      ),
    ) as Order & { accessToken: string };
    expect(await stockOf(wine.declinationId)).toBe(97);
    for (const status of steps) {
      const moved = await move(order.id, status);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return { order, declinationId: wine.declinationId };
  }

  /** The journal's entries that made the order REFUNDED. */
  async function refundEntries(orderId: number) {
    const rows = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(orderId))))
      .orderBy(auditLog.id);
    return rows.filter((row) => (row.after as { status?: string } | null)?.status === 'REFUNDED');
  }

  it.each([[['PAID']], [['PAID', 'PREPARING']]] as [OrderStatus[]][])(
    'puts an order that had not left (%j) back in stock by default, and the journal says so',
    async (steps) => {
      const { order, declinationId } = await wineOrder(steps);
      const refunded = await refund(order.id);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().data).toMatchObject({ status: 'REFUNDED' });
      expect(await stockOf(declinationId)).toBe(100);
      const entries = await refundEntries(order.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'refund',
        after: { status: 'REFUNDED', isPaid: true, restock: true },
        summary: `Commande ${orderReference(order.number)} remboursée, articles remis en stock`,
      });
      expect((await stored(order.id)).stockReturnedAt).toBeInstanceOf(Date);
    },
  );

  it('leaves a shipped order out of stock by default, and restocks it when the owner asks', async () => {
    const shipped = await wineOrder(['PAID', 'PREPARING', 'SHIPPED']);
    expect((await refund(shipped.order.id, {})).statusCode).toBe(200);
    expect(await stockOf(shipped.declinationId)).toBe(97);
    expect(await refundEntries(shipped.order.id)).toEqual([
      expect.objectContaining({
        after: { status: 'REFUNDED', isPaid: true, restock: false },
        summary: `Commande ${orderReference(shipped.order.number)} remboursée, articles non remis en stock`,
      }),
    ]);
    expect((await stored(shipped.order.id)).stockReturnedAt).toBeNull();

    // A delivered order sent back by the customer: the owner puts its bottles back.
    const returned = await wineOrder(['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED']);
    expect((await refund(returned.order.id, { restock: true })).statusCode).toBe(200);
    expect(await stockOf(returned.declinationId)).toBe(100);
    expect(await refundEntries(returned.order.id)).toEqual([
      expect.objectContaining({ after: { status: 'REFUNDED', isPaid: true, restock: true } }),
    ]);
  });

  it('keeps an order that had not left out of stock when the owner says so', async () => {
    const { order, declinationId } = await wineOrder(['PAID']);
    expect((await refund(order.id, { restock: false })).statusCode).toBe(200);
    expect(await stockOf(declinationId)).toBe(97);
    expect(await refundEntries(order.id)).toEqual([
      expect.objectContaining({ after: { status: 'REFUNDED', isPaid: true, restock: false } }),
    ]);
  });

  it('restocks by default an offline order marked refunded by its status', async () => {
    const { order, declinationId } = await wineOrder(['PAID']);
    expect((await move(order.id, 'REFUNDED')).statusCode).toBe(200);
    expect(await stockOf(declinationId)).toBe(100);
    expect(await refundEntries(order.id)).toEqual([
      expect.objectContaining({
        action: 'status',
        after: { status: 'REFUNDED', isPaid: true, restock: true },
      }),
    ]);
  });

  it('never gives the same lines back twice', async () => {
    // Refunded with its stock back: a second refund, or a move to REFUNDED, is refused.
    const first = await wineOrder(['PAID']);
    expect((await refund(first.order.id, { restock: true })).statusCode).toBe(200);
    expect((await refund(first.order.id, { restock: true })).statusCode).toBe(409);
    expect((await move(first.order.id, 'REFUNDED')).statusCode).toBe(409);
    expect(await stockOf(first.declinationId)).toBe(100);

    // Cancelled (its stock back), then refunded: refused, nothing given again.
    const cancelled = await wineOrder(['CANCELLED']);
    expect(await stockOf(cancelled.declinationId)).toBe(100);
    expect((await refund(cancelled.order.id, { restock: true })).statusCode).toBe(409);
    expect(await stockOf(cancelled.declinationId)).toBe(100);
    // Even put back to PAID behind the transition table's back, its lines were given once.
    await testApp.database.db
      .update(orders)
      .set({ status: 'PAID', isPaid: true })
      .where(eq(orders.id, cancelled.order.id));
    expect((await refund(cancelled.order.id, { restock: true })).statusCode).toBe(200);
    expect(await stockOf(cancelled.declinationId)).toBe(100);
    expect(await refundEntries(cancelled.order.id)).toEqual([
      expect.objectContaining({ after: { status: 'REFUNDED', isPaid: true, restock: false } }),
    ]);

    // Two refunds at once: one goes through, its bottles come back once.
    const raced = await wineOrder(['PAID']);
    const answers = await Promise.all([
      refund(raced.order.id, { restock: true }),
      refund(raced.order.id, { restock: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(raced.declinationId)).toBe(100);
    expect(await refundEntries(raced.order.id)).toHaveLength(1);
  });

  it('restocks once a card order refunded from Stripe, by default, whatever Stripe sends again', async () => {
    const { order, declinationId } = await wineOrder([], 'CARD');
    const { intentId } = await paymentIntentOf(order);
    await deliver(stripeEvent('payment_intent.succeeded', succeeded(intentId, order)));
    const charge = {
      id: 'ch_dashboard_refund',
      object: 'charge',
      refunded: true,
      payment_intent: intentId,
      metadata: {},
    };
    const refunded = await deliver(stripeEvent('charge.refunded', charge));
    expect(refunded.json().data.outcome).toBe('refunded');
    expect(await stockOf(declinationId)).toBe(100);
    const again = await deliver(stripeEvent('charge.refunded', charge));
    expect(again.json().data.outcome).toBe('ignored: already refunded');
    expect(await stockOf(declinationId)).toBe(100);
  });

  it('refuses a restock that is not a yes or a no, and a quantity of its own', async () => {
    const { order, declinationId } = await wineOrder(['PAID']);
    for (const body of [{ restock: 'yes' }, { restock: true, quantity: 50 }]) {
      const response = await refund(order.id, body);
      expect(response.statusCode, response.body).toBe(422);
    }
    expect(await stored(order.id)).toMatchObject({ status: 'PAID' });
    expect(await stockOf(declinationId)).toBe(97);
  });
});
