import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartProducts, declinations } from '../../db/schema';
import { RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { makeTestProduct, openTestCart, type CartVisitor } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { describeOnPostgres } from '../../test/postgres';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

/*
 * Add-to-carts that race for the last bottles: requests overlap only on PostgreSQL (PGlite is one
 * connection). The rest of the cart's behaviour is in cart.test.ts, run once on PGlite.
 */
describeOnPostgres('concurrent add-to-carts of the last 5 bottles', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function lastBottles(stock: number) {
    const made = await makeTestProduct(testApp.database, 92);
    await testApp.database.db
      .update(declinations)
      .set({ stock })
      .where(eq(declinations.id, made.declinationId));
    return made;
  }

  /** POST /cart/:id/product/:declinationId, answered as it is (a refusal included). */
  function add(visitor: CartVisitor, declinationId: number, quantity: number) {
    const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
    return siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${visitor.cart.id}/product/${declinationId}`,
      headers: body.headers,
      cookies: visitor.cookies,
      payload: body.payload,
    });
  }

  async function quantityIn(cartId: number) {
    const lines = await testApp.database.db
      .select()
      .from(cartProducts)
      .where(eq(cartProducts.cartId, cartId));
    return lines.reduce((sum, line) => sum + line.quantity, 0);
  }

  function expectRefused(response: LightMyRequestResponse, message: string) {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({ success: false, data: null, message });
  }

  it('never leaves one cart above the stock (20 adds at once)', async () => {
    const last = await lastBottles(5);
    const visitor = await openTestCart(testApp.app, 92);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => add(visitor, last.declinationId, 1)),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expectRefused(response, 'Only 5 bottles remaining in stock');
    }
    expect(await quantityIn(visitor.cart.id)).toBe(5);
  });

  it('never leaves any of several carts above the stock', async () => {
    const last = await lastBottles(5);
    const shoppers = await Promise.all([
      openTestCart(testApp.app, 92),
      openTestCart(testApp.app, 92),
      openTestCart(testApp.app, 92),
    ]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        add(shoppers[index % shoppers.length]!, last.declinationId, 2),
      ),
    );
    expect(responses.every((response) => [200, 422].includes(response.statusCode))).toBe(true);
    for (const shopper of shoppers) {
      expect(await quantityIn(shopper.cart.id)).toBe(4);
    }
    const [stock] = await testApp.database.db
      .select({ stock: declinations.stock })
      .from(declinations)
      .where(eq(declinations.id, last.declinationId));
    expect(stock?.stock).toBe(5);
  });
});
