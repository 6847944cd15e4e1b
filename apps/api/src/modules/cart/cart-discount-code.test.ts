import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartSchema, cartSecretCookieName, type Cart } from '@comptoir/contract/cart';
import {
  DISCOUNT_CODE_DISABLED_MESSAGE,
  DISCOUNT_CODE_EXHAUSTED_MESSAGE,
  DISCOUNT_CODE_EXPIRED_MESSAGE,
  DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE,
  DISCOUNT_CODE_MINIMUM_MESSAGE,
  DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE,
  DISCOUNT_CODE_UNKNOWN_MESSAGE,
} from '@comptoir/contract/discount';
import { orderSchema, type Order } from '@comptoir/contract/order';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import {
  carts,
  declinations,
  discountCodes,
  discountRedemptions,
  giftVouchers,
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
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';
import { newGiftVoucherCode } from '../gift-voucher';

/*
 * The `discountCode` of POST /cart and POST /cart/{cartId} (decision 0099), tried as someone
 * looking for something for nothing: every refusal is the checkout's, the cart shows what the
 * code takes off now, and the order placed from it charges exactly that.
 */

/** Monday 1 June 2026, 12h00 in Paris. */
const clock = { now: new Date('2026-06-01T10:00:00Z') };

let testApp: TestApp;
let homeCarrierId: number;
let voucherSerial = -500_000;

async function wine(priceCents = 2000) {
  const made = await makeTestProduct(testApp.database, 92, { priceCents });
  await testApp.database.db
    .update(declinations)
    .set({ stock: 100 })
    .where(eq(declinations.id, made.declinationId));
  return made;
}

/** A code of the test's own (a random name) on site 92, or the site given. */
async function code(rules: Partial<typeof discountCodes.$inferInsert> = {}) {
  const name = `PANIER${randomBytes(4).toString('hex').toUpperCase()}`;
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

/** POST /cart/{cartId}, with the body given (a `discountCode` or none). */
function refresh(visitor: CartVisitor, body: Record<string, unknown> = { type: 'MAIN_CART' }) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: `/cart/${visitor.cart.id}`,
    cookies: visitor.cookies,
    payload: body,
  });
}

function applyCode(visitor: CartVisitor, discountCode: string) {
  return refresh(visitor, { type: 'MAIN_CART', discountCode });
}

function expectCart(response: LightMyRequestResponse): Cart {
  expect(response.statusCode, response.body).toBe(200);
  return cartSchema.parse(response.json().data);
}

function expectRefused(response: LightMyRequestResponse, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ success: false, data: null, message });
  expect(response.json().errors).toEqual([{ key: 'discountCode', error: message }]);
}

async function shownCart(visitor: CartVisitor): Promise<Cart> {
  return expectCart(await refresh(visitor));
}

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

function newEmail(): string {
  return `panier-${randomBytes(4).toString('hex')}@example.fr`;
}

function newPhone(): string {
  return `07${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** A guest's order of the cart, delivered at home; `overrides` add or replace fields. */
function placeOrder(visitor: CartVisitor, overrides: Record<string, unknown> = {}) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: visitor.cookies,
    payload: {
      idCart: visitor.cart.id,
      user: {
        phone: newPhone(),
        email: newEmail(),
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
    },
  });
}

function expectOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json().data);
}

async function uses(codeId: number): Promise<number> {
  const rows = await testApp.database.db
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.siteId, 92), eq(discountRedemptions.discountCodeId, codeId)));
  return rows.length;
}

async function issuedVoucher(balanceCents: number) {
  const voucherCode = newGiftVoucherCode();
  await testApp.database.db.insert(giftVouchers).values({
    siteId: 92,
    code: voucherCode,
    initialCents: balanceCents,
    balanceCents,
    expiresOn: '2027-06-01',
    recipientName: 'Léa',
    recipientEmail: null,
    message: null,
    sendOn: '2026-01-01',
    buyerName: 'Camille',
    buyerEmail: 'camille@example.fr',
    orderId: 0,
    cartProductId: (voucherSerial -= 1),
    sentAt: new Date('2026-01-01T10:00:00Z'),
  });
  return voucherCode;
}

/** A visitor's new cart holding a gift voucher of `amountCents`. */
async function voucherCart(amountCents: number): Promise<CartVisitor> {
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
  return {
    cart: cartSchema.parse(response.json().data),
    cookies: { [cookie!.name]: cookie!.value },
  };
}

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock.now, authLimits: RELAXED_AUTH_LIMITS });
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
}, 240_000);
afterAll(async () => {
  await testApp?.close();
});

describe('the discountCode of POST /cart/{cartId}', () => {
  it("takes the code off the cart's total, whatever its case, and keeps it on later answers", async () => {
    const percent = await code();
    const visitor = await cartWith([[await wine(2000), 2]]);
    expect(visitor.cart).toMatchObject({ discount: null, totalProduct: 4000, totalCents: 4000 });

    const applied = expectCart(await applyCode(visitor, `  ${percent.code.toLowerCase()} `));
    expect(applied).toMatchObject({
      totalProduct: 4000,
      totalCents: 3600,
      discount: {
        code: percent.code,
        label: '10 % de réduction sur vos produits',
        reductionCents: 400,
        freeShipping: false,
        message: null,
      },
    });
    // A later call without a code, and adding a line, keep it and judge it again.
    expect(await shownCart(visitor)).toEqual(applied);
    const more = await addTestLine(testApp.app, 92, visitor, (await wine(1000)).declinationId, 1);
    expect(more).toMatchObject({ totalProduct: 5000, totalCents: 4500 });
    expect(more.discount?.reductionCents).toBe(500);
  });

  it('refuses with the checkout’s own messages and keeps nothing', async () => {
    const visitor = await cartWith([[await wine(2000), 2]]);
    const expired = await code({ endsOn: '2026-05-31' });
    const disabled = await code({ isDisabled: true });
    const minimum = await code({ minimumCents: 10_000 });
    const [otherSite] = await testApp.database.db
      .insert(discountCodes)
      .values({
        siteId: 91,
        code: `SALON${randomBytes(3).toString('hex')}`,
        type: 'EURO',
        amount: 1000,
      })
      .returning();

    expectRefused(await applyCode(visitor, 'CADEAU-GRATUIT'), DISCOUNT_CODE_UNKNOWN_MESSAGE);
    expectRefused(
      await applyCode(visitor, expired.code),
      DISCOUNT_CODE_EXPIRED_MESSAGE('2026-05-31'),
    );
    expectRefused(await applyCode(visitor, disabled.code), DISCOUNT_CODE_DISABLED_MESSAGE);
    expectRefused(await applyCode(visitor, minimum.code), DISCOUNT_CODE_MINIMUM_MESSAGE(10_000));
    // Another site's code does not exist here.
    expectRefused(await applyCode(visitor, otherSite!.code), DISCOUNT_CODE_UNKNOWN_MESSAGE);
    expect(await shownCart(visitor)).toMatchObject({ discount: null, totalCents: 4000 });

    // A refused code leaves the code the cart had.
    const good = await code({ type: 'EURO', amount: 500 });
    expectCart(await applyCode(visitor, good.code));
    expectRefused(
      await applyCode(visitor, expired.code),
      DISCOUNT_CODE_EXPIRED_MESSAGE('2026-05-31'),
    );
    expect((await shownCart(visitor)).discount?.code).toBe(good.code);
  });

  it('takes nothing off a gift voucher, and refuses a cart of vouchers only', async () => {
    const euro = await code({ type: 'EURO', amount: 3000 });
    const vouchers = await voucherCart(5000);
    expectRefused(await applyCode(vouchers, euro.code), DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE);

    // Beside a bottle of 20 €, a 30 € code takes off the bottle only.
    await addTestLine(testApp.app, 92, vouchers, (await wine(2000)).declinationId, 1);
    const mixed = expectCart(await applyCode(vouchers, euro.code));
    expect(mixed).toMatchObject({ totalProduct: 7000, totalCents: 5000 });
    expect(mixed.discount?.reductionCents).toBe(2000);
  });

  it('stops taking anything off once lines are removed below its minimum, and says why', async () => {
    const minimum = await code({ type: 'EURO', amount: 1000, minimumCents: 4000 });
    const bottle = await wine(2000);
    const visitor = await cartWith([[bottle, 2]]);
    expect(expectCart(await applyCode(visitor, minimum.code)).totalCents).toBe(3000);

    const line = visitor.cart.products[0]!;
    const fewer = await siteRequest(testApp.app, 92, {
      method: 'PUT',
      url: `/cart/${visitor.cart.id}/product/${line.productId}/quantity`,
      cookies: visitor.cookies,
      payload: { quantity: 1, idCartProduct: line.id },
    });
    expect(expectCart(fewer)).toMatchObject({
      totalProduct: 2000,
      totalCents: 2000,
      discount: {
        code: minimum.code,
        reductionCents: 0,
        freeShipping: false,
        message: DISCOUNT_CODE_MINIMUM_MESSAGE(4000),
      },
    });
    // The order placed from it charges what the cart shows: no code.
    visitor.cart = await shownCart(visitor);
    const order = expectOrder(await placeOrder(visitor));
    expect(order.totals).toMatchObject({ productsCents: 2000, discountCents: 0 });
    expect(order.discount).toBeNull();
    expect(await uses(minimum.id)).toBe(0);
  });

  it('takes nothing once another order used the code up, and the order charges the full price', async () => {
    const once = await code({ maxUses: 1 });
    const first = await cartWith([[await wine(2000), 1]]);
    const second = await cartWith([[await wine(2000), 1]]);
    expect(expectCart(await applyCode(first, once.code)).totalCents).toBe(1800);
    expect(expectCart(await applyCode(second, once.code)).totalCents).toBe(1800);

    expectOrder(await placeOrder(first));
    const after = await shownCart(second);
    expect(after.discount).toMatchObject({
      reductionCents: 0,
      message: DISCOUNT_CODE_EXHAUSTED_MESSAGE,
    });
    expect(after.totalCents).toBe(2000);
    expectRefused(await applyCode(second, once.code), DISCOUNT_CODE_EXHAUSTED_MESSAGE);

    const order = expectOrder(await placeOrder(second));
    expect(order.totals.discountCents).toBe(0);
    expect(await uses(once.id)).toBe(1);
  });

  it('takes the code off with an empty discountCode, and an order naming no code uses none', async () => {
    const percent = await code();
    const visitor = await cartWith([[await wine(2000), 1]]);
    expectCart(await applyCode(visitor, percent.code));
    expect(expectCart(await applyCode(visitor, ''))).toMatchObject({
      discount: null,
      totalCents: 2000,
    });

    expectCart(await applyCode(visitor, percent.code));
    const order = expectOrder(await placeOrder(visitor, { discountCode: null }));
    expect(order.totals.discountCents).toBe(0);
  });

  it("answers 404 for someone else's cart and keeps nothing on it", async () => {
    const percent = await code();
    const owner = await cartWith([[await wine(2000), 1]]);
    const stranger = await openTestCart(testApp.app, 92);
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${owner.cart.id}`,
      cookies: stranger.cookies,
      payload: { type: 'MAIN_CART', discountCode: percent.code },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await testApp.database.db
      .select({ discountCode: carts.discountCode })
      .from(carts)
      .where(eq(carts.id, owner.cart.id));
    expect(row!.discountCode).toBeNull();
  });
});

describe('the discountCode of POST /cart', () => {
  it("applies to a customer's main cart", async () => {
    const percent = await code();
    const customer = await registerCustomer(testApp.app, 92);
    const opened = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      headers: bearer(customer.token),
      payload: { type: 'MAIN_CART' },
    });
    const cart = expectCart(opened);
    const visitor = { cart, cookies: {} };
    const body = multipart({ type: 'MAIN_CART', quantity: '1' });
    const added = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${cart.id}/product/${(await wine(3000)).declinationId}`,
      headers: { ...body.headers, ...bearer(customer.token) },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const again = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      headers: bearer(customer.token),
      payload: { type: 'MAIN_CART', discountCode: percent.code },
    });
    expect(expectCart(again)).toMatchObject({
      id: visitor.cart.id,
      discount: { code: percent.code },
    });
  });

  it("opens no visitor's cart for a code an empty cart cannot take", async () => {
    const percent = await code();
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      payload: { type: 'MAIN_CART', discountCode: percent.code },
    });
    expectRefused(response, DISCOUNT_CODE_NO_ELIGIBLE_PRODUCT_MESSAGE);
    expect(response.cookies).toEqual([]);
  });
});

describe('an order placed from a cart with a code', () => {
  it('charges exactly what the cart showed, and records one use', async () => {
    const euro = await code({ type: 'EURO', amount: 750 });
    const visitor = await cartWith([[await wine(1990), 3]]);
    const shown = expectCart(await applyCode(visitor, euro.code));
    const order = expectOrder(await placeOrder(visitor));
    expect(order.totals.productsCents).toBe(shown.totalProduct);
    expect(order.totals.discountCents).toBe(shown.discount!.reductionCents);
    expect(order.totals.productsCents - order.totals.discountCents).toBe(shown.totalCents);
    expect(order.discount?.code).toBe(euro.code);
    expect(await uses(euro.id)).toBe(1);
  });

  it('lets a gift voucher pay after the code, never the code twice', async () => {
    const percent = await code({ amount: 20 });
    const visitor = await cartWith([[await wine(2500), 2]]);
    const shown = expectCart(await applyCode(visitor, percent.code));
    expect(shown.totalCents).toBe(4000);
    const voucher = await issuedVoucher(1500);
    const order = expectOrder(await placeOrder(visitor, { giftVoucherCode: voucher }));
    expect(order.totals).toMatchObject({
      productsCents: 5000,
      discountCents: 1000,
      voucherCents: 1500,
    });
    expect(order.totals.totalCents).toBe(shown.totalCents + order.totals.shippingCents);
    expect(order.totals.amountDueCents).toBe(order.totals.totalCents - 1500);
  });
});
