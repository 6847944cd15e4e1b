import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import { DEFAULT_AUTH_LIMITS } from '../../lib/rate-limits';
import { registerCustomer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { addTestLine, makeTestProduct, openTestCart, type CartVisitor } from '../../test/carts';
import { siteRequest } from '../../test/http';
import {
  customerCart,
  expectPlaced,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
} from '../../test/orders';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Every call that judges a discount or gift-voucher code spends from one budget per client
 * address and one per cart (decision 0080): POST /order/discount, POST /order/validate and
 * POST /order with a code, and the cart calls that carry a `discountCode`. With the limits as
 * they ship (30 per quarter of an hour each), the 31st code is refused with the French 429,
 * whichever call carries it; calls without a code spend nothing.
 */

const SITE = 92;
const BUDGET = DEFAULT_AUTH_LIMITS.discountChecksPerIp.max;
let testApp: TestApp;
let declinationId: number;

beforeAll(async () => {
  expect(DEFAULT_AUTH_LIMITS.discountChecksPerCart.max).toBe(BUDGET);
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      discountChecksPerIp: DEFAULT_AUTH_LIMITS.discountChecksPerIp,
      discountChecksPerCart: DEFAULT_AUTH_LIMITS.discountChecksPerCart,
    },
  });
  ({ declinationId } = await makeTestProduct(testApp.database, SITE, { priceCents: 1500 }));
});
afterAll(async () => {
  await testApp?.close();
});

/** A visitor's cart with one bottle in it, opened from the given address. */
async function cartWithWine(): Promise<CartVisitor> {
  const visitor = await openTestCart(testApp.app, SITE);
  await addTestLine(testApp.app, SITE, visitor, declinationId, 1);
  return visitor;
}

type CodeCall = 'discount' | 'validate' | 'order' | 'cart';

/** One code judged against the visitor's cart, from `ip`, through the given call. */
function judge(
  call: CodeCall,
  visitor: CartVisitor,
  ip: string,
  code: string,
): Promise<LightMyRequestResponse> {
  const request = {
    cookies: visitor.cookies,
    headers: { 'x-forwarded-for': ip },
  };
  const idCart = visitor.cart.id;
  switch (call) {
    case 'discount':
      return siteRequest(testApp.app, SITE, {
        ...request,
        method: 'POST',
        url: '/order/discount',
        payload: { idCart, code },
      });
    case 'validate':
      return siteRequest(testApp.app, SITE, {
        ...request,
        method: 'POST',
        url: '/order/validate',
        payload: { idCart, discountCode: code },
      });
    case 'order':
      // Refused by its own checks (no delivery chosen): what matters is that the code counts.
      return siteRequest(testApp.app, SITE, {
        ...request,
        method: 'POST',
        url: '/order',
        payload: {
          idCart,
          user: {
            phone: '06 12 34 56 78',
            email: 'devin@example.fr',
            firstname: 'D',
            lastname: 'V',
            birthdate: '1990-04-12',
          },
          address: {
            billing: {
              firstname: 'D',
              lastname: 'V',
              firstPart: '1 rue du Port',
              postalCode: '44000',
              city: 'Nantes',
              country: 'France',
            },
          },
          discountCode: code,
          delivery: { type: 'CLICK_AND_COLLECT' },
          paymentMethod: 'CHEQUE',
          acceptSaleTerms: true,
        },
      });
    case 'cart':
      return siteRequest(testApp.app, SITE, {
        ...request,
        method: 'POST',
        url: `/cart/${idCart}`,
        payload: { discountCode: code },
      });
  }
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual({
    success: false,
    data: null,
    message: TOO_MANY_ATTEMPTS_MESSAGE,
  });
}

describe('the code-check budget', () => {
  it('refuses the 31st validation with a code from one address, across carts, and spends nothing without a code', async () => {
    const ip = '203.0.113.31';
    const carts = await Promise.all([cartWithWine(), cartWithWine(), cartWithWine()]);
    for (let attempt = 0; attempt < BUDGET; attempt += 1) {
      const response = await judge('validate', carts[attempt % 3]!, ip, `DEVINE${attempt}`);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toContainEqual({
        key: 'discountCode',
        error: DISCOUNT_CODE_UNKNOWN_MESSAGE,
      });
    }
    // The seeded code itself is refused now, on a cart of its own with tries left.
    expectRefused(await judge('validate', await cartWithWine(), ip, 'COTEAUX5'));
    expectRefused(await judge('validate', carts[0]!, ip, 'BIENVENUE10'));

    // A validation without a code judges none and is answered as before.
    const withoutCode = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: '/order/validate',
      cookies: carts[0]!.cookies,
      headers: { 'x-forwarded-for': ip },
      payload: { idCart: carts[0]!.cart.id },
    });
    expect(withoutCode.statusCode).not.toBe(429);
    // Another address still has its own tries.
    expect((await judge('validate', carts[1]!, '203.0.113.32', 'DEVINE')).statusCode).toBe(422);
  });

  it('spends one budget whichever call judges the code', async () => {
    const ip = '203.0.113.41';
    const calls: CodeCall[] = ['discount', 'validate', 'order', 'cart'];
    const carts = await Promise.all([cartWithWine(), cartWithWine()]);
    for (let attempt = 0; attempt < BUDGET; attempt += 1) {
      const response = await judge(
        calls[attempt % calls.length]!,
        carts[attempt % 2]!,
        ip,
        `ESSAI${attempt}`,
      );
      expect(response.statusCode, response.body).not.toBe(429);
    }
    for (const call of calls) expectRefused(await judge(call, carts[0]!, ip, 'COTEAUX5'));
  });

  it('mixes POST /order/discount and POST /order/validate in one budget', async () => {
    const ip = '203.0.113.51';
    const visitor = await cartWithWine();
    const other = await cartWithWine();
    for (let attempt = 0; attempt < BUDGET; attempt += 1) {
      const call = attempt < BUDGET / 2 ? 'discount' : 'validate';
      const target = attempt % 2 === 0 ? visitor : other;
      expect((await judge(call, target, ip, `MIX${attempt}`)).statusCode).toBe(422);
    }
    expectRefused(await judge('discount', visitor, ip, 'COTEAUX5'));
    expectRefused(await judge('validate', other, ip, 'COTEAUX5'));
  });

  it("holds a cart's budget across addresses", async () => {
    const visitor = await cartWithWine();
    for (let attempt = 0; attempt < BUDGET; attempt += 1) {
      // A new address for every try: each address's own budget is far from used.
      const ip = `198.51.100.${attempt + 1}`;
      const call = attempt % 2 === 0 ? 'discount' : 'validate';
      expect((await judge(call, visitor, ip, `TOURNE${attempt}`)).statusCode).toBe(422);
    }
    expectRefused(await judge('discount', visitor, '198.51.100.200', 'COTEAUX5'));
    expectRefused(await judge('validate', visitor, '198.51.100.201', 'COTEAUX5'));
    // That address may still try its codes on another cart.
    expect((await judge('discount', await cartWithWine(), '198.51.100.200', 'X')).statusCode).toBe(
      422,
    );
  });

  it("spends nothing of a cart's budget for a caller who cannot open it, and judges nothing for them", async () => {
    const visitor = await cartWithWine();
    const stranger = { ...visitor, cookies: {} };
    const calls: CodeCall[] = ['discount', 'validate', 'order', 'cart'];
    for (let attempt = 0; attempt < BUDGET + 5; attempt += 1) {
      const ip = `192.0.2.${attempt + 1}`;
      const response = await judge(calls[attempt % calls.length]!, stranger, ip, `VOL${attempt}`);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await judge('discount', visitor, '192.0.2.200', 'COTEAUX5')).statusCode).toBe(422);
  });

  it("answers an order's idempotent retry with the order it placed, its code judged once", async () => {
    const customer = await registerCustomer(testApp.app, SITE);
    const visitor = await customerCart(testApp.app, customer.token, declinationId, 4);
    const carrier = await homeCarrierId(testApp.app, visitor, customer.token);
    const body = homeDeliveryBody(visitor, carrier, { discountCode: 'COTEAUX5' });
    const key = `code-retry-${visitor.cart.id}`;
    const placed = expectPlaced(
      await placeOrder(testApp.app, { token: customer.token }, body, key),
    );
    expect(placed.discount?.code).toBe('COTEAUX5');
    // The cart is closed by its order: the retry opens nothing, spends nothing, gets the order.
    const retried = expectPlaced(
      await placeOrder(testApp.app, { token: customer.token }, body, key),
    );
    expect(retried.id).toBe(placed.id);
  });

  it('counts the codes of POST /cart against the address that opens carts with them', async () => {
    const ip = '203.0.113.61';
    const open = (discountCode?: string) =>
      siteRequest(testApp.app, SITE, {
        method: 'POST',
        url: '/cart',
        headers: { 'x-forwarded-for': ip },
        payload: { type: 'MAIN_CART', ...(discountCode ? { discountCode } : {}) },
      });
    // Each unknown code is judged (decision 0099) and refused with the checkout's message, and
    // each spends from the address's budget.
    for (let attempt = 0; attempt < BUDGET; attempt += 1) {
      expect((await open(`PANIER${attempt}`)).statusCode).toBe(422);
    }
    expectRefused(await open('COTEAUX5'));
    expect((await open()).statusCode).toBe(200);
  });
});
