import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_NOT_FOUND_MESSAGE } from '@comptoir/contract/cart';
import { IDEMPOTENCY_CONFLICT_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from '@comptoir/contract/order';
import { ORDER_TOKEN_HEADER } from '@comptoir/contract/payment';
import {
  declinations,
  orders,
  productCustomizations,
  productCustomizationValues,
} from '../../db/schema';
import { RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { addTestLine, makeTestProduct, openTestCart, type CartVisitor } from '../../test/carts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { siteRequest } from '../../test/http';
import { customerCart, expectPlaced, noDeliveryBody, placeOrder } from '../../test/orders';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStripeRepository } from '../payment';

/*
 * An order's Idempotency-Key makes a retry safe for the one who placed the order, and opens
 * nothing to anyone else (decision 0081): a replay is answered only to the cart's owner, never
 * with a new access token, and the first token stays the order's.
 */

let testApp: TestApp;
let fakeStripe: FakeStripe;
let keyCount = 0;

/** A fresh key per test: keys are unique per site. */
function newKey(): string {
  keyCount += 1;
  return `rejeu-${Date.now()}-${keyCount}`;
}

/** A visitor's cart holding one gift card (nothing to ship): the order needs no carrier. */
async function guestCart(): Promise<CartVisitor> {
  const ticket = await makeTestProduct(testApp.database, 92, {
    type: 'OTHER',
    isDematerialized: true,
    capacity: null,
    priceCents: 4500,
  });
  const visitor = await openTestCart(testApp.app, 92);
  await addTestLine(testApp.app, 92, visitor, ticket.declinationId, 1);
  return visitor;
}

/** The order of a visitor's gift card, paid by card (a replay keeps the card's access token). */
function cardOrderBody(visitor: { cart: { id: number } }, overrides: Record<string, unknown> = {}) {
  return noDeliveryBody(visitor, { paymentMethod: 'CARD', ...overrides });
}

function readOrder(
  id: number,
  caller: { cookies?: Record<string, string>; headers?: Record<string, string> },
) {
  return siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/order/${id}`,
    cookies: caller.cookies ?? {},
    headers: caller.headers ?? {},
  });
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, data: null, message });
}

async function tokenHashOf(orderId: number) {
  const [row] = await testApp.database.db
    .select({ accessTokenHash: orders.accessTokenHash })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row!.accessTokenHash;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  testApp = await createTestApp({
    authLimits: RELAXED_AUTH_LIMITS,
    env: { STRIPE_API_URL: fakeStripe.url },
  });
  await createStripeRepository(testApp.database.db).saveAccount({
    siteId: 92,
    publishableKey: 'pk_test_rejeu92',
    secretKey: 'sk_test_rejeu92_secret',
    webhookSigningSecret: 'whsec_rejeu92',
  });
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await fakeStripe?.close();
});

describe('replaying POST /order with its Idempotency-Key', () => {
  it("answers the cart's owner the same order without a token, and keeps the first token", async () => {
    const visitor = await guestCart();
    const key = newKey();
    const body = cardOrderBody(visitor);
    const first = expectPlaced(await placeOrder(testApp.app, visitor, body, key));
    expect(first.accessToken).toEqual(expect.any(String));
    const hash = await tokenHashOf(first.id);
    expect(hash).toBe(sha256(first.accessToken!));

    const again = expectPlaced(await placeOrder(testApp.app, visitor, body, key));
    expect(again).toEqual({ ...first, accessToken: null });
    expect(await tokenHashOf(first.id)).toBe(hash);
    expectPlaced(
      await readOrder(first.id, { headers: { [ORDER_TOKEN_HEADER]: first.accessToken! } }),
    );
    // Another body under the same key is still the owner's conflict.
    expectRefused(
      await placeOrder(testApp.app, visitor, { ...body, message: 'autre' }, key),
      409,
      IDEMPOTENCY_CONFLICT_MESSAGE,
    );
  });

  it('refuses anyone else as a foreign cart, whatever the body, and issues them nothing', async () => {
    const visitor = await guestCart();
    const key = newKey();
    const body = cardOrderBody(visitor);
    const first = expectPlaced(await placeOrder(testApp.app, visitor, body, key));
    const hash = await tokenHashOf(first.id);
    const otherVisitor = await guestCart();
    const stranger = await createUserWithSession(testApp.database.db, { siteId: 92 });

    for (const caller of [{}, { cookies: otherVisitor.cookies }, { token: stranger.token }]) {
      expectRefused(await placeOrder(testApp.app, caller, body, key), 404, CART_NOT_FOUND_MESSAGE);
      // A body of their own does not tell them the key is taken either.
      expectRefused(
        await placeOrder(testApp.app, caller, { ...body, message: 'autre' }, key),
        404,
        CART_NOT_FOUND_MESSAGE,
      );
    }
    expect(await tokenHashOf(first.id)).toBe(hash);
    expectPlaced(
      await readOrder(first.id, { headers: { [ORDER_TOKEN_HEADER]: first.accessToken! } }),
    );
    // The other visitor's own cart is untouched and still theirs to order.
    const own = expectPlaced(
      await placeOrder(testApp.app, otherVisitor, cardOrderBody(otherVisitor), newKey()),
    );
    expect(own.id).not.toBe(first.id);
  });

  it("answers a customer's replay to their session only", async () => {
    const customer = await createUserWithSession(testApp.database.db, { siteId: 92 });
    const ticket = await makeTestProduct(testApp.database, 92, {
      type: 'OTHER',
      isDematerialized: true,
      capacity: null,
    });
    const visitor = await customerCart(testApp.app, customer.token, ticket.declinationId, 1);
    const key = newKey();
    const body = cardOrderBody(visitor, {
      user: { phone: '0601020304' },
      paymentMethod: 'BANK_TRANSFER',
    });
    const first = expectPlaced(await placeOrder(testApp.app, { token: customer.token }, body, key));
    expect(first.accessToken).toEqual(expect.any(String));
    const again = expectPlaced(await placeOrder(testApp.app, { token: customer.token }, body, key));
    expect(again).toEqual({ ...first, accessToken: null });
    expectRefused(await placeOrder(testApp.app, {}, body, key), 404, CART_NOT_FOUND_MESSAGE);
  });
});

describe('a guest whose answer with the token was lost', () => {
  it("reads and pays the order with the secret of the cart it was placed from, and no one else's", async () => {
    const visitor = await guestCart();
    const key = newKey();
    const body = cardOrderBody(visitor);
    const first = expectPlaced(await placeOrder(testApp.app, visitor, body, key));
    // The retry after the lost answer: the order again, no token.
    const again = expectPlaced(await placeOrder(testApp.app, visitor, body, key));
    expect(again.accessToken).toBeNull();

    expect(expectPlaced(await readOrder(first.id, { cookies: visitor.cookies })).id).toBe(first.id);
    const intent = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/custom-stripe/payment-intent',
      cookies: visitor.cookies,
      payload: { idOrder: first.id },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().data.amountCents).toBe(first.totals.amountDueCents);

    const otherVisitor = await guestCart();
    expectRefused(
      await readOrder(first.id, { cookies: otherVisitor.cookies }),
      404,
      ORDER_NOT_FOUND_MESSAGE,
    );
    // The secret of another order's cart opens only that order.
    const other = expectPlaced(
      await placeOrder(testApp.app, otherVisitor, cardOrderBody(otherVisitor), newKey()),
    );
    expectPlaced(await readOrder(other.id, { cookies: otherVisitor.cookies }));
    expectRefused(
      await readOrder(first.id, { cookies: otherVisitor.cookies }),
      404,
      ORDER_NOT_FOUND_MESSAGE,
    );
    expect((await readOrder(first.id, {})).statusCode).toBe(401);
  });
});

describe('a line whose required customization is not answered', () => {
  it('is not ordered: the order and its check name the line, and nothing is taken', async () => {
    const wine = await makeTestProduct(testApp.database, 92, {
      type: 'OTHER',
      isDematerialized: true,
      capacity: null,
      priceCents: 2000,
    });
    const db = testApp.database.db;
    const [photo] = await db
      .insert(productCustomizations)
      .values({
        siteId: 92,
        productId: wine.productId,
        inputType: 'FILE',
        label: 'Votre photo',
      })
      .returning();
    await db.insert(productCustomizationValues).values({
      siteId: 92,
      customizationId: photo!.id,
      label: 'Étiquette',
      costType: 'PERCENT',
      amount: 1500,
    });
    const visitor = await openTestCart(testApp.app, 92);
    const cart = await addTestLine(testApp.app, 92, visitor, wine.declinationId, 1);
    // The owner makes the priced photo required after the line went into the cart.
    await db
      .update(productCustomizations)
      .set({ isRequired: true })
      .where(eq(productCustomizations.id, photo!.id));
    const problem = {
      key: `products.${cart.products[0]!.id}`,
      error:
        '« Votre photo » est obligatoire. Retirez cet article et ajoutez-le de nouveau avec sa personnalisation.',
    };

    const checked = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/order/validate',
      cookies: visitor.cookies,
      payload: { idCart: visitor.cart.id },
    });
    expect(checked.statusCode, checked.body).toBe(422);
    expect(checked.json().errors).toEqual([problem]);

    const refused = await placeOrder(testApp.app, visitor, cardOrderBody(visitor), newKey());
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual([problem]);
    const [declination] = await db
      .select({ stock: declinations.stock })
      .from(declinations)
      .where(eq(declinations.id, wine.declinationId));
    expect(declination!.stock).toBe(10_000);
  });
});
