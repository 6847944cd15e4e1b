import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_CARTS_MESSAGE, cartSchema, cartSecretCookieName } from '@comptoir/contract/cart';
import { cartProducts, carts, declinations, products } from '../../db/schema';
import { bearer, registerCustomer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { clientAddressKey } from './cart-steps';

/*
 * The limit on anonymous carts per client address (decision 0041): POST /cart and
 * POST /cart/new/product/… open a new cart for every visitor call, so each address may open only
 * so many an hour; past it, 429 with a French message and nothing written.
 */

const LIMIT = 3;
let testApp: TestApp;
let declinationId: number;

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: { ...RELAXED_AUTH_LIMITS, newCartsPerIp: { max: LIMIT, timeWindowMs: 60_000 } },
  });
  const db = testApp.database.db;
  const slug = `limite-${randomBytes(4).toString('hex')}`;
  const [product] = await db
    .insert(products)
    .values({ siteId: 92, type: 'WINE', name: `Cuvée ${slug}`, slug })
    .returning({ id: products.id });
  const [declination] = await db
    .insert(declinations)
    .values({
      siteId: 92,
      productId: product!.id,
      year: 2023,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1200,
      stock: 500,
    })
    .returning({ id: declinations.id });
  declinationId = declination!.id;
});
afterAll(async () => {
  await testApp?.close();
});

/** The storefront (127.0.0.1, inject's peer) forwards the visitor's address. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

function openCart(ip: string, headers: Record<string, string> = {}) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/cart',
    headers: { ...from(ip), ...headers },
    payload: { type: 'MAIN_CART' },
  });
}

function addToNewCart(
  ip: string,
  quantity = '1',
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
  cartId: number | 'new' = 'new',
) {
  const body = multipart({ type: 'MAIN_CART', quantity });
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: `/cart/${cartId}/product/${declinationId}`,
    headers: { ...body.headers, ...from(ip), ...headers },
    cookies,
    payload: body.payload,
  });
}

async function cartCount(): Promise<number> {
  const [row] = await testApp.database.db.select({ value: count() }).from(carts);
  return row!.value;
}

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({ success: false, data: null, message: TOO_MANY_CARTS_MESSAGE });
  expect(response.cookies.map((cookie) => cookie.name)).not.toContain(cartSecretCookieName(92));
}

function secretOf(response: LightMyRequestResponse): Record<string, string> {
  const cookie = response.cookies.find((entry) => entry.name === cartSecretCookieName(92));
  return cookie ? { [cookie.name]: cookie.value } : {};
}

describe('anonymous carts per client address', () => {
  it('refuses a visitor’s POST /cart past the limit with 429 and opens nothing', async () => {
    const ip = '198.51.100.10';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await openCart(ip)).statusCode).toBe(200);
    }
    const before = await cartCount();
    expectTooMany(await openCart(ip));
    expect(await cartCount()).toBe(before);
  });

  it('refuses POST /cart/new/product/… past the limit, before anything is stored', async () => {
    const ip = '198.51.100.11';
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await addToNewCart(ip)).statusCode).toBe(200);
    }
    const before = await cartCount();
    const [lines] = await testApp.database.db.select({ value: count() }).from(cartProducts);
    expectTooMany(await addToNewCart(ip));
    expect(await cartCount()).toBe(before);
    const [linesAfter] = await testApp.database.db.select({ value: count() }).from(cartProducts);
    expect(linesAfter!.value).toBe(lines!.value);
  });

  it('lets another address open carts while one is refused', async () => {
    const ip = '198.51.100.12';
    for (let index = 0; index < LIMIT; index += 1) await openCart(ip);
    expectTooMany(await openCart(ip));
    expect((await openCart('198.51.100.13')).statusCode).toBe(200);
    expect((await addToNewCart('198.51.100.14')).statusCode).toBe(200);
  });

  it('still lets the refused visitor fill the cart they already have', async () => {
    const ip = '198.51.100.15';
    const first = await openCart(ip);
    const cart = cartSchema.parse(first.json().data);
    for (let index = 1; index < LIMIT; index += 1) await openCart(ip);
    expectTooMany(await openCart(ip));

    const added = await addToNewCart(ip, '2', {}, secretOf(first), cart.id);
    expect(added.statusCode, added.body).toBe(200);
    expect(cartSchema.parse(added.json().data)).toMatchObject({ id: cart.id, totalQuantity: 2 });
  });

  it('does not limit a logged-in customer, who reuses their main cart', async () => {
    const ip = '198.51.100.16';
    for (let index = 0; index < LIMIT; index += 1) await openCart(ip);
    expectTooMany(await openCart(ip));

    const { token } = await registerCustomer(testApp.app, 92);
    const opened = await openCart(ip, bearer(token));
    expect(opened.statusCode, opened.body).toBe(200);
    const main = cartSchema.parse(opened.json().data);
    for (let index = 0; index < LIMIT + 2; index += 1) {
      const again = await openCart(ip, bearer(token));
      expect(again.statusCode).toBe(200);
      expect(cartSchema.parse(again.json().data).id).toBe(main.id);
      const added = await addToNewCart(ip, '1', bearer(token));
      expect(added.statusCode, added.body).toBe(200);
      expect(cartSchema.parse(added.json().data).id).toBe(main.id);
    }
    // And the anonymous limit of that address is still where it was.
    expectTooMany(await openCart(ip));
  });

  it('does not count an add-to-cart that is refused, since it opens no cart', async () => {
    const ip = '198.51.100.17';
    for (let index = 0; index < LIMIT + 2; index += 1) {
      const refused = await addToNewCart(ip, '0');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Quantity must be greater than 0');
      const overStock = await addToNewCart(ip, '501');
      expect(overStock.statusCode).toBe(422);
    }
    for (let index = 0; index < LIMIT; index += 1) {
      expect((await openCart(ip)).statusCode).toBe(200);
    }
    expectTooMany(await openCart(ip));
  });

  it('never opens more than the limit for concurrent requests of one address', async () => {
    const ip = '198.51.100.18';
    const before = await cartCount();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? openCart(ip) : addToNewCart(ip))),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIMIT);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectTooMany(refused);
    }
    expect(await cartCount()).toBe(before + LIMIT);
  });

  it('counts an IPv6 client by its /64, so a visitor cannot walk through their own prefix', async () => {
    for (let index = 1; index <= LIMIT; index += 1) {
      expect((await openCart(`2001:db8:7:1::${index}`)).statusCode).toBe(200);
    }
    expectTooMany(await openCart('2001:db8:7:1:ffff:ffff:ffff:fff0'));
    expect((await openCart('2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('does not let a visitor pick the address the limit counts', async () => {
    // From an address that is not a trusted proxy, X-Forwarded-For is not believed: every
    // request counts for the peer itself, whatever address it claims.
    const before = await cartCount();
    const answers = [];
    for (let index = 0; index < LIMIT + 1; index += 1) {
      answers.push(
        await testApp.app.inject({
          method: 'POST',
          url: '/cart',
          remoteAddress: '203.0.113.50',
          headers: { siteid: '92', 'x-forwarded-for': `198.51.100.${100 + index}` },
          payload: { type: 'MAIN_CART' },
        }),
      );
    }
    expect(answers.slice(0, LIMIT).every((answer) => answer.statusCode === 200)).toBe(true);
    expectTooMany(answers[LIMIT]!);
    expect(await cartCount()).toBe(before + LIMIT);
  });
});

describe('clientAddressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('2001:db8:7:1::5')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('2001:DB8:7:1:ab:cd:ef:1')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('not an address')).toBe('not an address');
  });
});
