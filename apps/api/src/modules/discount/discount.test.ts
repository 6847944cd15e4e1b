import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualJobRunner } from '../../test/manual-jobs';
import { cartSchema, cartSecretCookieName, type Cart } from '@comptoir/contract/cart';
import {
  DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE,
  DISCOUNT_CODE_DISABLED_MESSAGE,
  DISCOUNT_CODE_EXHAUSTED_MESSAGE,
  DISCOUNT_CODE_EXPIRED_MESSAGE,
  DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
  DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
  DISCOUNT_CODE_MINIMUM_MESSAGE,
  DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE,
  DISCOUNT_CODE_NOT_YET_VALID_MESSAGE,
  DISCOUNT_CODE_UNKNOWN_MESSAGE,
  discountCheckSchema,
  type DiscountCheck,
} from '@comptoir/contract/discount';
import { ORDER_INVALID_MESSAGE, orderSchema, type Order } from '@comptoir/contract/order';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import {
  declinations,
  discountCodes,
  discountRedemptions,
  orderLines,
  products,
} from '../../db/schema';
import { bearer, registerCustomer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import {
  addTestLine,
  makeTestProduct,
  openTestCart,
  productsOf,
  type CartVisitor,
} from '../../test/carts';
import { siteRequest } from '../../test/http';
import { multipart } from '../../test/uploads';
import { createTestApp, type TestApp } from '../../test/test-app';
import { discountQueries } from './discount-repository';
import { createDiscountService } from './discount-service';

/** Monday 1 June 2026, 12h00 in Paris. */
const clock = { now: new Date('2026-06-01T10:00:00Z') };
/** The jobs the app scheduled, run by hand with the clock above. */
const { jobs, runner: manualJobs } = manualJobRunner();

let testApp: TestApp;
let homeCarrierId: number;

async function wine(priceCents = 2000, stock = 100, kind: 'RED' | 'WHITE' | null = null) {
  const made = await makeTestProduct(testApp.database, 92, { priceCents });
  await testApp.database.db
    .update(declinations)
    .set({ stock })
    .where(eq(declinations.id, made.declinationId));
  if (kind) {
    await testApp.database.db.update(products).set({ kind }).where(eq(products.id, made.productId));
  }
  return made;
}

async function stockOf(declinationId: number) {
  const [row] = await testApp.database.db
    .select({ stock: declinations.stock })
    .from(declinations)
    .where(eq(declinations.id, declinationId));
  return row!.stock;
}

/** A code of the test's own (a random name), with the given rules. */
async function code(rules: Partial<typeof discountCodes.$inferInsert> = {}) {
  const name = `TEST${randomBytes(4).toString('hex').toUpperCase()}`;
  const [created] = await testApp.database.db
    .insert(discountCodes)
    .values({ siteId: 92, code: name, type: 'percent', amount: 10, ...rules })
    .returning();
  return created!;
}

async function cartWith(lines: [{ declinationId: number }, number][]): Promise<CartVisitor> {
  const visitor = await openTestCart(testApp.app, 92);
  for (const [line, quantity] of lines) {
    await addTestLine(testApp.app, 92, visitor, line.declinationId, quantity);
  }
  return visitor;
}

/** A new account with a cart holding the lines. */
async function customerWith(lines: [{ declinationId: number }, number][]) {
  const customer = await registerCustomer(testApp.app, 92);
  return { ...customer, cart: await customerCart(customer.token, lines) };
}

async function customerCart(
  token: string,
  lines: [{ declinationId: number }, number][],
): Promise<Cart> {
  const opened = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/cart',
    headers: bearer(token),
    payload: { type: 'MAIN_CART' },
  });
  let cart = cartSchema.parse(opened.json().data);
  for (const [line, quantity] of lines) {
    const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
    const added = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${cart.id}/product/${line.declinationId}`,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    cart = cartSchema.parse(added.json().data);
  }
  return cart;
}

function check(
  who: { cookies?: Record<string, string>; token?: string },
  idCart: number,
  codeName: string,
  extra: Record<string, unknown> = {},
) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order/discount',
    cookies: who.cookies ?? {},
    headers: who.token ? bearer(who.token) : {},
    payload: { idCart, code: codeName, ...extra },
  });
}

function expectCheck(response: LightMyRequestResponse): DiscountCheck {
  expect(response.statusCode, response.body).toBe(200);
  return discountCheckSchema.parse(response.json().data);
}

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ success: false, data: null, message });
}

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

function orderBody(idCart: number, overrides: Record<string, unknown> = {}) {
  return {
    idCart,
    user: {
      phone: '0601020304',
      email: 'camille@example.fr',
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1990-04-12',
    },
    address: { delivery: ADDRESS, billing: ADDRESS },
    delivery: { type: 'DELIVERY', idCarrier: homeCarrierId },
    deliveryPostalCode: '49000',
    deliveryIdCountry: 'FRA',
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
    ...overrides,
  };
}

function placeOrder(who: { cookies?: Record<string, string>; token?: string }, body: unknown) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: who.cookies ?? {},
    headers: who.token ? bearer(who.token) : {},
    payload: body as Record<string, unknown>,
  });
}

function expectOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json().data);
}

/** The refusal of POST /order or validate: the discountCode pair. */
function expectCodeRefused(response: LightMyRequestResponse, error: string) {
  expectRefused(response, `${ORDER_INVALID_MESSAGE} / discountCode : ${error}`);
  expect(response.json().errors).toEqual([{ key: 'discountCode', error }]);
}

async function redemptionsOf(codeId: number) {
  return testApp.database.db
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.siteId, 92), eq(discountRedemptions.discountCodeId, codeId)));
}

/** A French mobile number no other test gives (a code's customer is known by phone too). */
function newPhone(): string {
  return `07${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** A guest's order of one bottle, with or without a code (the code's first use). */
async function guestOrder(email: string, discountCode?: string, phone = newPhone()) {
  const visitor = await cartWith([[await wine(), 1]]);
  return placeOrder(
    visitor,
    orderBody(visitor.cart.id, {
      user: { phone, email, firstname: 'Camille', lastname: 'Martin', birthdate: '1990-04-12' },
      ...(discountCode ? { discountCode } : {}),
    }),
  );
}

/** A guest's new cart holding a gift voucher of `amountCents`, then the lines. */
async function voucherCartWith(
  amountCents: number,
  lines: [{ declinationId: number }, number][] = [],
): Promise<CartVisitor> {
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/cart/new/gift-voucher',
    payload: {
      amountCents,
      recipientName: 'Léa Dupont',
      recipientEmail: null,
      sendOn: '2026-06-01',
      buyerName: 'Camille Martin',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === cartSecretCookieName(92));
  const visitor = {
    cart: cartSchema.parse(response.json().data),
    cookies: { [cookie!.name]: cookie!.value },
  };
  for (const [line, quantity] of lines) {
    await addTestLine(testApp.app, 92, visitor, line.declinationId, quantity);
  }
  return visitor;
}

/** A cart of gift vouchers only has nothing to deliver. */
function voucherOrderBody(idCart: number, overrides: Record<string, unknown> = {}) {
  return {
    ...orderBody(idCart, overrides),
    address: { billing: ADDRESS },
    delivery: { type: 'NO_DELIVERY' },
    deliveryPostalCode: null,
    deliveryIdCountry: null,
    ...overrides,
  };
}

function validate(who: { cookies?: Record<string, string>; token?: string }, body: unknown) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order/validate',
    cookies: who.cookies ?? {},
    headers: who.token ? bearer(who.token) : {},
    payload: body as Record<string, unknown>,
  });
}

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => clock.now,
    jobs: manualJobs,
    authLimits: RELAXED_AUTH_LIMITS,
  });
  const probe = await cartWith([[await wine(), 1]]);
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/calculate/shipping-fees',
    cookies: probe.cookies,
    payload: {
      idCart: probe.cart.id,
      products: productsOf(probe.cart),
      postalCode: '49000',
      country: 'FRA',
    },
  });
  const quote = shippingQuoteSchema.parse(response.json().data);
  homeCarrierId = quote.carriers.find((carrier) => carrier.deliveryType === 'DELIVERY')!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('POST /order/discount', () => {
  it('answers what a code takes off the cart, whatever the case it is typed in', async () => {
    const percent = await code({ amount: 10 });
    const visitor = await cartWith([[await wine(2350), 2]]);
    const answer = expectCheck(await check(visitor, visitor.cart.id, percent.code.toLowerCase()));
    expect(answer).toEqual({
      kind: 'DISCOUNT_CODE',
      code: percent.code,
      discount: {
        id: percent.id,
        type: 'percent',
        amount: 10,
        detailType: null,
        code: percent.code,
      },
      // 10 % of 47,00 €.
      reductionCents: 470,
      freeShipping: false,
      balanceCents: null,
      expiresOn: null,
      label: '10 % de réduction sur vos produits',
    });
  });

  it('says a free-shipping code takes nothing off the products', async () => {
    const shipping = await code({ type: 'EURO', amount: 0, detailType: 'SHIPPING_FEES' });
    const visitor = await cartWith([[await wine(), 1]]);
    expect(expectCheck(await check(visitor, visitor.cart.id, shipping.code))).toMatchObject({
      reductionCents: 0,
      freeShipping: true,
      label: 'Livraison offerte',
    });
  });

  it('refuses an unknown code', async () => {
    const visitor = await cartWith([[await wine(), 1]]);
    expectRefused(
      await check(visitor, visitor.cart.id, 'NOEL-2099'),
      DISCOUNT_CODE_UNKNOWN_MESSAGE,
    );
  });

  it('does not find the code of another site', async () => {
    const visitor = await cartWith([[await wine(), 1]]);
    const other = await testApp.database.db
      .insert(discountCodes)
      .values({ siteId: 91, code: 'SALON20', type: 'percent', amount: 20 })
      .returning();
    expectRefused(
      await check(visitor, visitor.cart.id, other[0]!.code),
      DISCOUNT_CODE_UNKNOWN_MESSAGE,
    );
  });

  it.each<[string, Partial<typeof discountCodes.$inferInsert>, string]>([
    ['disabled', { isDisabled: true }, DISCOUNT_CODE_DISABLED_MESSAGE],
    [
      'not valid yet',
      { startsOn: '2026-06-02' },
      DISCOUNT_CODE_NOT_YET_VALID_MESSAGE('2026-06-02'),
    ],
    ['expired', { endsOn: '2026-05-31' }, DISCOUNT_CODE_EXPIRED_MESSAGE('2026-05-31')],
    ['under its minimum', { minimumCents: 5000 }, DISCOUNT_CODE_MINIMUM_MESSAGE(5000)],
    ['for other products', { categories: ['BOX'] }, DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE],
  ])('refuses a code %s, saying why in French', async (_name, rules, message) => {
    const refused = await code(rules);
    const visitor = await cartWith([[await wine(2000), 2]]);
    const response = await check(visitor, visitor.cart.id, refused.code);
    expectRefused(response, message);
    expect(response.json().errors).toEqual([{ key: 'code', error: message }]);
  });

  it('words the dates and the minimum as a French customer reads them', () => {
    expect(DISCOUNT_CODE_EXPIRED_MESSAGE('2025-10-31')).toBe(
      'Ce code de réduction a expiré le 31 octobre 2025.',
    );
    expect(DISCOUNT_CODE_MINIMUM_MESSAGE(5000)).toBe(
      'Ce code de réduction demande un panier d’au moins 50,00\u00a0€.',
    );
  });

  it('counts its first and last days as Paris days', async () => {
    const today = await code({ startsOn: '2026-06-01', endsOn: '2026-06-01' });
    const visitor = await cartWith([[await wine(), 1]]);
    expectCheck(await check(visitor, visitor.cart.id, today.code));
    const start = clock.now;
    try {
      // 23h30 in Paris on 1 June is still the code's day; 00h30 on 2 June is not.
      clock.now = new Date('2026-06-01T21:30:00Z');
      expectCheck(await check(visitor, visitor.cart.id, today.code));
      clock.now = new Date('2026-06-01T22:30:00Z');
      expectRefused(
        await check(visitor, visitor.cart.id, today.code),
        DISCOUNT_CODE_EXPIRED_MESSAGE('2026-06-01'),
      );
    } finally {
      clock.now = start;
    }
  });

  it('applies to the products and categories of its scope only', async () => {
    const red = await wine(3000, 100, 'RED');
    const white = await wine(2000, 100, 'WHITE');
    const other = await wine(1000);
    const scoped = await code({
      type: 'EURO',
      amount: 1500,
      categories: ['RED'],
      productIds: [other.productId],
    });
    const visitor = await cartWith([
      [red, 1],
      [white, 1],
      [other, 1],
    ]);
    expect(expectCheck(await check(visitor, visitor.cart.id, scoped.code))).toMatchObject({
      reductionCents: 1500,
      label: '15,00\u00a0€ de réduction sur une sélection de produits',
    });
    const whiteOnly = await cartWith([[white, 1]]);
    expectRefused(
      await check(whiteOnly, whiteOnly.cart.id, scoped.code),
      DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE,
    );
  });

  it('refuses a code used up, in total and by this customer', async () => {
    const once = await code({ maxUses: 1 });
    expectOrder(await guestOrder('premier@example.fr', once.code));
    const visitor = await cartWith([[await wine(), 1]]);
    expectRefused(
      await check(visitor, visitor.cart.id, once.code),
      DISCOUNT_CODE_EXHAUSTED_MESSAGE,
    );

    const oncePerCustomer = await code({ maxUsesPerCustomer: 1 });
    const customer = await customerWith([[await wine(), 1]]);
    expectCheck(await check(customer, customer.cart.id, oncePerCustomer.code));
    expectOrder(
      await placeOrder(customer, {
        ...orderBody(customer.cart.id, { discountCode: oncePerCustomer.code }),
        user: { phone: '0601020304' },
      }),
    );
    const next = await customerCart(customer.token, [[await wine(), 1]]);
    expectRefused(
      await check(customer, next.id, oncePerCustomer.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
  });

  it('keeps a first-order code for customers who never ordered', async () => {
    const welcome = await code({ firstOrderOnly: true });
    const customer = await customerWith([[await wine(), 1]]);
    expectCheck(await check(customer, customer.cart.id, welcome.code));
    expectOrder(
      await placeOrder(customer, {
        ...orderBody(customer.cart.id),
        user: { phone: '0601020304' },
      }),
    );
    const next = await customerCart(customer.token, [[await wine(), 1]]);
    expectRefused(await check(customer, next.id, welcome.code), DISCOUNT_CODE_FIRST_ORDER_MESSAGE);
  });

  it('answers 404 for the cart of someone else, and refuses fields it does not know', async () => {
    const percent = await code();
    const owner = await cartWith([[await wine(), 1]]);
    const stranger = await openTestCart(testApp.app, 92);
    expect((await check(stranger, owner.cart.id, percent.code)).statusCode).toBe(404);
    for (const extra of [{ reductionCents: 100_000 }, { siteId: 91 }, { amount: 100 }]) {
      expect((await check(owner, owner.cart.id, percent.code, extra)).statusCode).toBe(422);
    }
  });

  it('asks the gift vouchers about a code no discount code has', async () => {
    const visitor = await cartWith([[await wine(), 1]]);
    const voucher: DiscountCheck = {
      kind: 'GIFT_VOUCHER',
      code: 'CADEAU-ABCD',
      discount: null,
      reductionCents: 0,
      freeShipping: false,
      balanceCents: 5000,
      expiresOn: '2027-06-01',
      label: 'Bon cadeau : 50,00 € à utiliser',
    };
    const asked: string[] = [];
    const service = createDiscountService({
      queries: discountQueries(testApp.database.db),
      cartOf: async () => visitor.cart,
      now: () => clock.now,
      voucherCheck: async (_siteId, candidate) => {
        asked.push(candidate);
        return candidate === 'CADEAU-ABCD' ? voucher : null;
      },
    });
    const caller = { user: null, secret: null, address: '127.0.0.1' };
    expect(await service.check(92, { idCart: visitor.cart.id, code: 'CADEAU-ABCD' }, caller)).toBe(
      voucher,
    );
    await expect(
      service.check(92, { idCart: visitor.cart.id, code: 'INCONNU' }, caller),
    ).rejects.toMatchObject({ statusCode: 422, message: DISCOUNT_CODE_UNKNOWN_MESSAGE });
    const percent = await code();
    await service.check(92, { idCart: visitor.cart.id, code: percent.code }, caller);
    expect(asked).toEqual(['CADEAU-ABCD', 'INCONNU']);
  });
});

describe('orders with a discount code', () => {
  it('takes the code off the products, counts VAT on what is paid and keeps a snapshot', async () => {
    const percent = await code({ amount: 10 });
    // 3 × 19,99 € = 59,97 €; 10 % = 6,00 € (5,997 rounded half up).
    const visitor = await cartWith([
      [await wine(1999), 2],
      [await wine(1999), 1],
    ]);
    const order = expectOrder(
      await placeOrder(visitor, orderBody(visitor.cart.id, { discountCode: percent.code })),
    );
    expect(order.totals.productsCents).toBe(5997);
    expect(order.totals.discountCents).toBe(600);
    expect(order.totals.shippingCents).toBeGreaterThan(0);
    expect(order.totals.totalCents).toBe(5997 - 600 + order.totals.shippingCents);
    expect(order.totals.amountDueCents).toBe(order.totals.totalCents);
    expect(order.discount).toEqual({
      code: percent.code,
      type: 'percent',
      amount: 10,
      detailType: null,
    });
    // The lines keep their prices; their VAT is on the price less their share (400 and 200).
    expect(order.lines.map((line) => line.totalCents)).toEqual([3998, 1999]);
    expect(order.lines.map((line) => line.vatCents)).toEqual([600, 300]);
    const vatOfGoods = Math.round(((5997 - 600) * 20) / 120);
    const vatOfShipping = Math.round((order.totals.shippingCents * 20) / 120);
    expect(order.totals.vatCents).toBe(vatOfGoods + vatOfShipping);
    expect(order.totals.vat).toEqual([
      {
        rateBasisPoints: 2000,
        baseCents: order.totals.totalCents - order.totals.vatCents,
        vatCents: order.totals.vatCents,
      },
    ]);
    const redemptions = await redemptionsOf(percent.id);
    expect(redemptions).toMatchObject([{ orderId: order.id, email: 'camille@example.fr' }]);
  });

  it('takes a euro amount, and makes the delivery free with a free-shipping code', async () => {
    const euros = await code({ type: 'EURO', amount: 500, minimumCents: 5000 });
    const visitor = await cartWith([[await wine(2500), 2]]);
    const order = expectOrder(
      await placeOrder(visitor, orderBody(visitor.cart.id, { discountCode: euros.code })),
    );
    expect(order.totals).toMatchObject({ productsCents: 5000, discountCents: 500 });

    const shipping = await code({ type: 'EURO', amount: 0, detailType: 'SHIPPING_FEES' });
    const shipped = await cartWith([[await wine(2500), 1]]);
    const free = expectOrder(
      await placeOrder(shipped, orderBody(shipped.cart.id, { discountCode: shipping.code })),
    );
    expect(free.totals).toMatchObject({
      productsCents: 2500,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 2500,
    });
    expect(free.discount).toMatchObject({ detailType: 'SHIPPING_FEES' });
  });

  it('tells validate about a code that cannot be used, beside the other problems', async () => {
    const expired = await code({ endsOn: '2026-01-31' });
    const visitor = await cartWith([[await wine(), 1]]);
    const valid = await code();
    const ok = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/order/validate',
      cookies: visitor.cookies,
      payload: { idCart: visitor.cart.id, discountCode: valid.code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expectCodeRefused(
      await siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/order/validate',
        cookies: visitor.cookies,
        payload: { idCart: visitor.cart.id, discountCode: expired.code },
      }),
      DISCOUNT_CODE_EXPIRED_MESSAGE('2026-01-31'),
    );
  });

  it('checks the code again at order time, and takes nothing when it fails', async () => {
    const once = await code({ maxUses: 1 });
    const bottle = await wine(2000, 10);
    const visitor = await cartWith([[bottle, 2]]);
    // Checked fine, then someone else uses the last use before this order is placed.
    expectCheck(await check(visitor, visitor.cart.id, once.code));
    expectOrder(await guestOrder('rapide@example.fr', once.code));
    expectCodeRefused(
      await placeOrder(visitor, orderBody(visitor.cart.id, { discountCode: once.code })),
      DISCOUNT_CODE_EXHAUSTED_MESSAGE,
    );
    expect(await stockOf(bottle.declinationId)).toBe(10);
    expect(await redemptionsOf(once.id)).toHaveLength(1);
    // Without the code, the same cart can still be ordered.
    expectOrder(await placeOrder(visitor, orderBody(visitor.cart.id)));
  });

  it('counts a guest’s uses and first order by e-mail, whatever its case', async () => {
    const oncePerCustomer = await code({ maxUsesPerCustomer: 1 });
    expectOrder(await guestOrder('Invite@Example.fr', oncePerCustomer.code));
    expectCodeRefused(
      await guestOrder('invite@example.fr', oncePerCustomer.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    const welcome = await code({ firstOrderOnly: true });
    expectCodeRefused(
      await guestOrder('INVITE@example.fr', welcome.code),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
    expectOrder(await guestOrder('nouvelle@example.fr', welcome.code));
  });

  it('gives its use back when the order is cancelled unpaid', async () => {
    const once = await code({ maxUses: 1 });
    expectOrder(await guestOrder('oubli@example.fr', once.code));
    const visitor = await cartWith([[await wine(), 1]]);
    expectRefused(
      await check(visitor, visitor.cart.id, once.code),
      DISCOUNT_CODE_EXHAUSTED_MESSAGE,
    );
    const start = clock.now;
    try {
      // The transfer never came: after 10 days the order is cancelled (decision 0050).
      clock.now = new Date(start.getTime() + 10 * 24 * 60 * 60_000 + 60_000);
      await jobs.get('order-payment-expiry')!();
    } finally {
      clock.now = start;
    }
    expectCheck(await check(visitor, visitor.cart.id, once.code));
  });

  it('refuses amounts slipped into the order instead of reading them', async () => {
    const percent = await code();
    const visitor = await cartWith([[await wine(), 1]]);
    for (const extra of [{ discountCents: 100_000 }, { totalCents: 1 }, { discount: percent }]) {
      const response = await placeOrder(visitor, {
        ...orderBody(visitor.cart.id, { discountCode: percent.code }),
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(422);
    }
    expect(await redemptionsOf(percent.id)).toHaveLength(0);
  });

  it('ships the sample codes of site 92', async () => {
    const visitor = await cartWith([[await wine(2000), 3]]);
    expect(expectCheck(await check(visitor, visitor.cart.id, 'bienvenue10'))).toMatchObject({
      reductionCents: 600,
    });
    expect(expectCheck(await check(visitor, visitor.cart.id, 'COTEAUX5'))).toMatchObject({
      reductionCents: 500,
    });
    expect(expectCheck(await check(visitor, visitor.cart.id, 'LIVRAISONOFFERTE'))).toMatchObject({
      freeShipping: true,
    });
    expectRefused(
      await check(visitor, visitor.cart.id, 'VENDANGES2025'),
      DISCOUNT_CODE_EXPIRED_MESSAGE('2025-10-31'),
    );
  });
});

describe('codes and gift vouchers (a means of payment, not goods)', () => {
  it('gives nothing off a cart of one 50 € voucher, which does not meet a 50 € minimum', async () => {
    const noMinimum = await code({ amount: 10 });
    for (const codeName of ['COTEAUX5', noMinimum.code]) {
      const visitor = await voucherCartWith(5_000);
      expectRefused(
        await check(visitor, visitor.cart.id, codeName),
        DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
      );
      expectCodeRefused(
        await validate(visitor, { idCart: visitor.cart.id, discountCode: codeName }),
        DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
      );
      expectCodeRefused(
        await placeOrder(visitor, voucherOrderBody(visitor.cart.id, { discountCode: codeName })),
        DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
      );
      // Without the code the voucher is bought at its price.
      const order = expectOrder(await placeOrder(visitor, voucherOrderBody(visitor.cart.id)));
      expect(order.totals).toMatchObject({ productsCents: 5_000, discountCents: 0 });
    }
    // A code scoped to OTHER (the voucher's own type) does not reach it either.
    const other = await code({ categories: ['OTHER'] });
    const visitor = await voucherCartWith(50_000);
    expectRefused(
      await check(visitor, visitor.cart.id, other.code),
      DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
    );
  });

  it('takes a code off the wine only in a cart of wine and a voucher', async () => {
    const percent = await code({ amount: 10 });
    const bottle = await wine(3_000);
    const visitor = await voucherCartWith(5_000, [[bottle, 2]]);
    // 10 % of the 60 € of wine, not of the 110 € in the cart.
    expect(expectCheck(await check(visitor, visitor.cart.id, percent.code))).toMatchObject({
      reductionCents: 600,
    });
    const response = await validate(visitor, {
      idCart: visitor.cart.id,
      discountCode: percent.code,
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = expectOrder(
      await placeOrder(visitor, orderBody(visitor.cart.id, { discountCode: percent.code })),
    );
    expect(order.totals).toMatchObject({ productsCents: 11_000, discountCents: 600 });
    expect(order.totals.totalCents).toBe(11_000 - 600 + order.totals.shippingCents);
    const lines = await testApp.database.db
      .select({ productId: orderLines.productId, discountCents: orderLines.discountCents })
      .from(orderLines)
      .where(and(eq(orderLines.siteId, 92), eq(orderLines.orderId, order.id)));
    expect(lines.filter((line) => line.productId === bottle.productId)).toEqual([
      { productId: bottle.productId, discountCents: 600 },
    ]);
    // The voucher line keeps its whole price: the code took nothing off it.
    expect(lines.filter((line) => line.productId !== bottle.productId)).toEqual([
      { productId: expect.any(Number), discountCents: 0 },
    ]);
  });

  it('measures the minimum on the wine only: 30 € of wine and a 50 € voucher miss 50 €', async () => {
    const short = await voucherCartWith(5_000, [[await wine(3_000), 1]]);
    expectRefused(
      await check(short, short.cart.id, 'COTEAUX5'),
      DISCOUNT_CODE_MINIMUM_MESSAGE(5_000, true),
    );
    expectCodeRefused(
      await placeOrder(short, orderBody(short.cart.id, { discountCode: 'COTEAUX5' })),
      DISCOUNT_CODE_MINIMUM_MESSAGE(5_000, true),
    );
    // 60 € of wine beside the voucher: 5 € off, all of it on the wine.
    const enough = await voucherCartWith(5_000, [[await wine(3_000), 2]]);
    const order = expectOrder(
      await placeOrder(enough, orderBody(enough.cart.id, { discountCode: 'COTEAUX5' })),
    );
    expect(order.totals).toMatchObject({ productsCents: 11_000, discountCents: 500 });
  });

  it('words the minimum for a cart that holds vouchers', () => {
    expect(DISCOUNT_CODE_MINIMUM_MESSAGE(5000, true)).toBe(
      'Ce code de réduction demande au moins 50,00\u00a0€ de produits, hors bons cadeaux.',
    );
  });
});

describe('who the customer is, for a first-order code and a limit per customer', () => {
  it('refuses a first-order code to an e-mail that ordered before under another case or +tag', async () => {
    const welcome = await code({ firstOrderOnly: true });
    expectOrder(await guestOrder('jean.dupont@example.com'));
    for (const email of [
      'Jean.Dupont+promo@Example.com',
      'jean.dupont+2@example.com',
      'JEAN.DUPONT@EXAMPLE.COM',
    ]) {
      expectCodeRefused(await guestOrder(email, welcome.code), DISCOUNT_CODE_FIRST_ORDER_MESSAGE);
    }
    // The seeded welcome code too (it took 10 % off any new address).
    expectCodeRefused(
      await guestOrder('jean.dupont+bienvenue@example.com', 'BIENVENUE10'),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
    // An account under a +tag of that address is the same customer, told before ordering.
    const account = await registerCustomer(testApp.app, 92, {
      email: 'jean.dupont+compte@example.com',
      phone: newPhone(),
    });
    const cart = await customerCart(account.token, [[await wine(), 1]]);
    expectRefused(
      await check({ token: account.token }, cart.id, welcome.code),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
    // Someone else is welcome.
    expectOrder(await guestOrder('jeanne.dupont@example.com', welcome.code));
  });

  it('refuses a first-order code to a phone that ordered before, however it is written', async () => {
    const welcome = await code({ firstOrderOnly: true });
    const digits = newPhone().slice(2);
    const spaced = (prefix: string) => `${prefix}${digits.replace(/(\d\d)/g, ' $1')}`;
    expectOrder(await guestOrder(`premier.${digits}@example.fr`, undefined, `07${digits}`));
    for (const phone of [spaced('07'), spaced('+33 7'), `+337${digits}`, spaced('0033 7')]) {
      expectCodeRefused(
        await guestOrder(
          `nouveau.${randomBytes(3).toString('hex')}@example.fr`,
          welcome.code,
          phone,
        ),
        DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
      );
    }
    // An account whose phone ordered as a guest is told at once, before ordering.
    const account = await registerCustomer(testApp.app, 92, { phone: spaced('+33 7') });
    const cart = await customerCart(account.token, [[await wine(), 1]]);
    expectRefused(
      await check({ token: account.token }, cart.id, welcome.code),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
    expectCodeRefused(
      await validate({ token: account.token }, { idCart: cart.id, discountCode: welcome.code }),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
  });

  it('reads the e-mails and phones kept on earlier orders the same way', async () => {
    const welcome = await code({ firstOrderOnly: true });
    expectOrder(await guestOrder('Claire.Martin+vin@Example.FR'));
    expectCodeRefused(
      await guestOrder('claire.martin@example.fr', welcome.code),
      DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
    );
    for (const written of ['+33 (0)7 %', '0033 7 %', '07.%', ' +337%']) {
      const digits = newPhone().slice(2);
      const spaced = digits.replace(/(\d\d)(?=\d)/g, '$1 ');
      expectOrder(
        await guestOrder(
          `ancien.${digits}@example.fr`,
          undefined,
          written.replace('%', written.includes(' %') ? spaced : digits),
        ),
      );
      expectCodeRefused(
        await guestOrder(`neuf.${digits}@example.fr`, welcome.code, `07${digits}`),
        DISCOUNT_CODE_FIRST_ORDER_MESSAGE,
      );
    }
  });

  it('counts a guest’s uses per customer by e-mail (case, +tag) and by phone', async () => {
    const once = await code({ maxUsesPerCustomer: 1 });
    const local = `marie.${randomBytes(3).toString('hex')}`;
    const phone = newPhone();
    expectOrder(await guestOrder(`${local}@example.fr`, once.code, phone));
    expectCodeRefused(
      await guestOrder(`${local.toUpperCase()}+encore@Example.fr`, once.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    expectCodeRefused(
      await guestOrder(`autre.${local}@example.fr`, once.code, `+33 ${phone.slice(1)}`),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    expect(await redemptionsOf(once.id)).toHaveLength(1);
    // Twice allowed: a second use goes through, a third does not.
    const twice = await code({ maxUsesPerCustomer: 2 });
    expectOrder(await guestOrder(`${local}@example.fr`, twice.code));
    expectOrder(await guestOrder(`${local}+2@example.fr`, twice.code));
    expectCodeRefused(
      await guestOrder(`${local}+3@example.fr`, twice.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(2),
    );
  });

  it('counts an account’s uses per customer, as an account and as a guest', async () => {
    const once = await code({ maxUsesPerCustomer: 1 });
    const phone = newPhone();
    const account = await registerCustomer(testApp.app, 92, { phone });
    const cart = await customerCart(account.token, [[await wine(), 1]]);
    expectOrder(
      await placeOrder(
        { token: account.token },
        { ...orderBody(cart.id, { discountCode: once.code }), user: { phone } },
      ),
    );
    const next = await customerCart(account.token, [[await wine(), 1]]);
    expectRefused(
      await check({ token: account.token }, next.id, once.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    // Logged out, under a +tag of the account's e-mail, or with its phone: the same customer.
    const [local, domain] = account.email.split('@');
    expectCodeRefused(
      await guestOrder(`${local}+invite@${domain}`, once.code),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    expectCodeRefused(
      await guestOrder(`inconnu.${randomBytes(3).toString('hex')}@example.fr`, once.code, phone),
      DISCOUNT_CODE_CUSTOMER_LIMIT_MESSAGE(1),
    );
    expect(await redemptionsOf(once.id)).toHaveLength(1);
  });
});
