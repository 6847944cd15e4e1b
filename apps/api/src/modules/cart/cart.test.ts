import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_NOT_FOUND_MESSAGE, cartSchema } from '@comptoir/contract/cart';
import { carts } from '../../db/schema';
import { bearer, registerCustomer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
});
afterAll(async () => {
  await testApp?.close();
});

async function openCart(siteId: number, token?: string) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/cart',
    headers: token ? bearer(token) : {},
    payload: { type: 'MAIN_CART' },
  });
  expect(response.statusCode).toBe(200);
  return cartSchema.parse(response.json().data);
}

function makeDefault(siteId: number, cartId: number, token?: string) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: `/cart/${cartId}/default`,
    headers: token ? bearer(token) : {},
  });
}

async function ownerOf(cartId: number) {
  const [cart] = await testApp.database.db.select().from(carts).where(eq(carts.id, cartId));
  return cart?.userId;
}

describe('POST /cart', () => {
  it('gives a visitor a new empty anonymous cart each time', async () => {
    const first = await openCart(91);
    const second = await openCart(91);
    expect(first).toEqual({ id: first.id, products: [], totalProduct: 0 });
    expect(second.id).not.toBe(first.id);
    expect(await ownerOf(first.id)).toBeNull();
  });

  it('gives a logged-in user their main cart, created the first time', async () => {
    const { token, user } = await registerCustomer(testApp.app, 91);
    const first = await openCart(91, token);
    const again = await openCart(91, token);
    expect(again.id).toBe(first.id);
    expect(await ownerOf(first.id)).toBe(user.id);
  });

  it('refuses a cart type it does not know', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: '/cart',
      payload: { type: 'WISH_LIST' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /cart/:id/default', () => {
  it("makes the visitor's cart the user's main cart after login", async () => {
    const visitorCart = await openCart(91);
    const { token, user } = await registerCustomer(testApp.app, 91);
    const response = await makeDefault(91, visitorCart.id, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: visitorCart.id, products: [], totalProduct: 0 });
    expect(await ownerOf(visitorCart.id)).toBe(user.id);
    expect((await openCart(91, token)).id).toBe(visitorCart.id);
  });

  it("accepts the user's own cart again", async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const cart = await openCart(91, token);
    expect((await makeDefault(91, cart.id, token)).statusCode).toBe(200);
  });

  it("never hands another user's cart over, answering as for a missing cart", async () => {
    const owner = await registerCustomer(testApp.app, 91);
    const ownersCart = await openCart(91, owner.token);
    const intruder = await registerCustomer(testApp.app, 91);
    const response = await makeDefault(91, ownersCart.id, intruder.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(CART_NOT_FOUND_MESSAGE);
    expect(await ownerOf(ownersCart.id)).toBe(owner.user.id);
  });

  it("refuses another site's cart and a cart that does not exist", async () => {
    const otherSiteCart = await openCart(92);
    const { token } = await registerCustomer(testApp.app, 91);
    expect((await makeDefault(91, otherSiteCart.id, token)).statusCode).toBe(404);
    expect(await ownerOf(otherSiteCart.id)).toBeNull();
    expect((await makeDefault(91, 999_999, token)).statusCode).toBe(404);
  });

  it('lets only one of two users racing for the same anonymous cart have it', async () => {
    const cart = await openCart(91);
    const first = await registerCustomer(testApp.app, 91);
    const second = await registerCustomer(testApp.app, 91);
    const responses = await Promise.all([
      makeDefault(91, cart.id, first.token),
      makeDefault(91, cart.id, second.token),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
  });

  it('answers 401 to a visitor', async () => {
    const cart = await openCart(91);
    expect((await makeDefault(91, cart.id)).statusCode).toBe(401);
  });
});
