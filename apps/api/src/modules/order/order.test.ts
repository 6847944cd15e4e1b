import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteParameter } from '../../test/site-parameters';
import { manualJobRunner } from '../../test/manual-jobs';
import { companyAddressSchema } from '@comptoir/contract/contact';
import { allowedDatesSchema } from '@comptoir/contract/calendar';
import { cartSchema } from '@comptoir/contract/cart';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import {
  ACCESS_POINT_NOT_OFFERED_MESSAGE,
  CARRIER_UNAVAILABLE_MESSAGE,
  CARRIER_REQUIRED_MESSAGE,
  DELIVERY_ADDRESS_REQUIRED_MESSAGE,
  DELIVERY_DESTINATION_REQUIRED_MESSAGE,
  DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
  EMPTY_CART_ORDER_MESSAGE,
  GUEST_DETAILS_REQUIRED_MESSAGE,
  NO_DELIVERY_REFUSED_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
  UNPUBLISHED_PRODUCT_MESSAGE,
  IDEMPOTENCY_CONFLICT_MESSAGE,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  ON_PICKUP_NEEDS_PICKUP_MESSAGE,
  ORDER_BIRTHDATE_REQUIRED_MESSAGE,
  ORDER_INVALID_MESSAGE,
  ORDER_MINOR_REFUSED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  OUT_OF_STOCK_ORDER_MESSAGE,
  SALE_TERMS_NOT_ACCEPTED_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
  orderSchema,
  type Order,
} from '@comptoir/contract/order';
import { accessPointSchema } from '@comptoir/contract/relay';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import {
  declinations,
  orderStatusHistory,
  orders,
  pickupSlotBookings,
  products,
  siteParameters,
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
import { acceptCardsOn } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/uploads';

/** The tests' clock: Monday 1 June 2026, 12h00 in Paris, moved by the tests. */
const clock = { now: new Date('2026-06-01T10:00:00Z') };
/** The jobs the app scheduled, run by hand with the clock above. */
const { jobs, runner: manualJobs } = manualJobRunner();

let testApp: TestApp;
let homeCarrierId: number;
let relayCarrierId: number;

async function product(
  stock: number,
  options: { priceCents?: number; sellByMultipleOf?: number } = {},
) {
  const made = await makeTestProduct(testApp.database, 92, options);
  await testApp.database.db
    .update(declinations)
    .set({ stock })
    .where(eq(declinations.id, made.declinationId));
  return made;
}

async function stockOf(declinationId: number) {
  const [row] = await testApp.database.db
    .select({ stock: declinations.stock })
    .from(declinations)
    .where(eq(declinations.id, declinationId));
  return row!.stock;
}

/** The stock as the catalogue answers it (GET /product/:id, a kept read: decision 0042). */
async function catalogueStockOf(wine: { productId: number; declinationId: number }) {
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/product/${wine.productId}`,
  });
  const declination = (
    response.json().data as { declinations: { id: number; quantity: number }[] }
  ).declinations.find((candidate) => candidate.id === wine.declinationId);
  return declination!.quantity;
}

async function cartWith(lines: [{ declinationId: number }, number][]): Promise<CartVisitor> {
  const visitor = await openTestCart(testApp.app, 92);
  for (const [line, quantity] of lines) {
    await addTestLine(testApp.app, 92, visitor, line.declinationId, quantity);
  }
  return visitor;
}

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

function homeDelivery(visitor: CartVisitor, overrides: Record<string, unknown> = {}) {
  return {
    idCart: visitor.cart.id,
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

function placeOrder(
  visitor: { cookies?: Record<string, string>; token?: string },
  body: unknown,
  key?: string,
) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: visitor.cookies ?? {},
    headers: {
      ...(visitor.token ? bearer(visitor.token) : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body as Record<string, unknown>,
  });
}

function validate(visitor: CartVisitor, body: Record<string, unknown> = {}) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order/validate',
    cookies: visitor.cookies,
    payload: { idCart: visitor.cart.id, ...body },
  });
}

function expectOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json().data);
}

function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, data: null, message });
}

function setParameter(type: string, value: string | null) {
  return setSiteParameter(testApp, 92, type, value);
}

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => clock.now,
    jobs: manualJobs,
    authLimits: RELAXED_AUTH_LIMITS,
  });
  // Card orders (30 minutes to pay) are taken only on a site with Stripe keys.
  await acceptCardsOn(testApp.database.db, 92);
  const probe = await cartWith([[await product(50), 1]]);
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
  relayCarrierId = quote.carriers.find((carrier) => carrier.deliveryType === 'PICKUP')!.id;
});
afterAll(async () => {
  await testApp?.close();
});

describe('POST /order', () => {
  it('places a guest order: amounts from the catalogue in cents, fees re-quoted, stock taken, cart closed', async () => {
    const wine = await product(10, { priceCents: 1590 });
    const visitor = await cartWith([[wine, 3]]);
    const quote = shippingQuoteSchema.parse(
      (
        await siteRequest(testApp.app, 92, {
          method: 'POST',
          url: '/calculate/shipping-fees',
          cookies: visitor.cookies,
          payload: {
            idCart: visitor.cart.id,
            products: productsOf(visitor.cart),
            postalCode: '49000',
            country: 'FRA',
          },
        })
      ).json().data,
    );
    const fee = quote.carriers.find((carrier) => carrier.id === homeCarrierId)!.fdp;

    const order = expectOrder(
      await placeOrder(visitor, homeDelivery(visitor, { message: 'Sonnez deux fois' })),
    );
    expect(order).toMatchObject({
      status: 'PENDING_PAYMENT',
      paymentMethod: 'BANK_TRANSFER',
      isPaid: false,
      deliveryType: 'DELIVERY',
      carrier: { id: homeCarrierId },
      paymentDueAt: '2026-06-11T10:00:00.000Z',
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        declinationId: wine.declinationId,
        quantity: 3,
        unitPriceCents: 1590,
        totalCents: 4770,
        vatRateBasisPoints: 2000,
        vatCents: 795,
      }),
    ]);
    expect(order.totals.productsCents).toBe(4770);
    expect(order.totals.shippingCents).toBe(fee);
    expect(order.totals.totalCents).toBe(4770 + fee);
    expect(order.totals.vatCents).toBe(
      order.totals.vat.reduce((sum, rate) => sum + rate.vatCents, 0),
    );
    expect(await stockOf(wine.declinationId)).toBe(7);

    // The terms of sale in force are kept by their hash.
    const [terms] = await testApp.database.db
      .select({ value: siteParameters.value })
      .from(siteParameters)
      .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'SALE_TERMS')));
    expect(order.saleTermsHash).toBe(
      createHash('sha256').update(terms!.value!.trim()).digest('hex'),
    );

    // The cart is closed: nobody's cart any more.
    const cart = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${visitor.cart.id}`,
      cookies: visitor.cookies,
      payload: {},
    });
    expect(cart.statusCode).toBe(404);

    const history = await testApp.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((row) => [row.fromStatus, row.toStatus])).toEqual([
      [null, 'PENDING_PAYMENT'],
    ]);
  });

  it('numbers the orders of a site one after the other', async () => {
    const wine = await product(10);
    const first = await cartWith([[wine, 1]]);
    const second = await cartWith([[wine, 1]]);
    const a = expectOrder(await placeOrder(first, homeDelivery(first)));
    const b = expectOrder(await placeOrder(second, homeDelivery(second)));
    expect(b.number).toBe(a.number + 1);
    expect(b.reference).toBe(`C${String(b.number).padStart(6, '0')}`);
  });

  /** The relay points the delivery step lists for Angers. */
  async function angersRelayPoints() {
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/relay/access-points',
      payload: { postalCode: '49000', city: 'Angers', country: 'FRA' },
    });
    return accessPointSchema.array().parse(response.json().data);
  }

  function relayDelivery(point: Record<string, unknown>) {
    return { type: 'PICKUP', idCarrier: relayCarrierId, ...point };
  }

  it('keeps the relay point as the provider describes it, not as the request names it', async () => {
    const [offered] = await angersRelayPoints();
    const visitor = await cartWith([[await product(10), 2]]);
    const order = expectOrder(
      await placeOrder(
        visitor,
        homeDelivery(visitor, {
          delivery: relayDelivery({
            accessPointId: offered!.id,
            accessPointName: 'FAKE NAME',
            accessPointAddLine1: '1 rue Inventée',
            accessPointZipCode: '75001',
            accessPointCity: 'Nulle Part',
            accessPointCountry: 'BEL',
          }),
        }),
      ),
    );
    const snapshot = {
      id: offered!.id,
      name: offered!.name,
      addLine1: offered!.addLine1,
      zipCode: '49000',
      city: 'Angers',
      country: 'FRA',
    };
    expect(order.accessPoint).toEqual(snapshot);
    expect(order.deliveryType).toBe('PICKUP');
    const [row] = await testApp.database.db
      .select({ accessPoint: orders.accessPoint })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.accessPoint).toEqual(snapshot);
  });

  it('refuses a relay point the provider does not offer for the address, and takes no stock', async () => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 2]]);
    // A made-up id, and a real point of another town (Nantes) for an Angers delivery.
    for (const accessPointId of ['BOGUS-999', 'RV-44000-1']) {
      const delivery = relayDelivery({ accessPointId, accessPointName: 'FAKE NAME' });
      const response = await placeOrder(visitor, homeDelivery(visitor, { delivery }));
      expectRefused(
        response,
        422,
        `${ORDER_INVALID_MESSAGE} / delivery.accessPointId : ${ACCESS_POINT_NOT_OFFERED_MESSAGE}`,
      );
      expect(response.json().errors).toEqual([
        { key: 'delivery.accessPointId', error: ACCESS_POINT_NOT_OFFERED_MESSAGE },
      ]);
      // The checkout's validation says it too.
      const checked = await validate(visitor, {
        delivery,
        deliveryPostalCode: '49000',
        deliveryIdCountry: 'FRA',
      });
      expect(checked.json().errors).toEqual([
        { key: 'delivery.accessPointId', error: ACCESS_POINT_NOT_OFFERED_MESSAGE },
      ]);
    }
    expect(await stockOf(wine.declinationId)).toBe(10);
  });

  it('refuses an order whose terms of sale are not accepted, and reserves nothing', async () => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 2]]);
    const { acceptSaleTerms: _accepted, ...unaccepted } = homeDelivery(visitor);
    for (const body of [unaccepted, { ...unaccepted, acceptSaleTerms: false }]) {
      const response = await placeOrder(visitor, body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual([
        { key: 'acceptSaleTerms', error: SALE_TERMS_NOT_ACCEPTED_MESSAGE },
      ]);
    }
    expect(await stockOf(wine.declinationId)).toBe(10);
    const [kept] = await testApp.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.cartId, visitor.cart.id));
    expect(kept).toBeUndefined();
    // The cart is still open: ticked, the same order goes through.
    expectOrder(await placeOrder(visitor, homeDelivery(visitor)));
    expect(await stockOf(wine.declinationId)).toBe(8);
  });

  it('keeps the hash of the terms of sale in force, computed by the server, and when they were accepted', async () => {
    const [before] = await testApp.database.db
      .select({ value: siteParameters.value })
      .from(siteParameters)
      .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'SALE_TERMS')));
    await setParameter('SALE_TERMS', 'Conditions générales de vente, version du 1er juin 2026.');
    try {
      const visitor = await cartWith([[await product(10), 1]]);
      const order = expectOrder(await placeOrder(visitor, homeDelivery(visitor)));
      expect(order.saleTermsHash).toBe(
        createHash('sha256')
          .update('Conditions générales de vente, version du 1er juin 2026.')
          .digest('hex'),
      );
      expect(order.saleTermsAcceptedAt).toBe(clock.now.toISOString());
      const [row] = await testApp.database.db
        .select({ hash: orders.saleTermsHash, acceptedAt: orders.saleTermsAcceptedAt })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row).toEqual({ hash: order.saleTermsHash, acceptedAt: clock.now });
    } finally {
      await setParameter('SALE_TERMS', before!.value);
    }
  });

  it('refuses a relay delivery without its relay point, and a carrier of the other kind', async () => {
    const visitor = await cartWith([[await product(10), 2]]);
    const response = await placeOrder(
      visitor,
      homeDelivery(visitor, { delivery: { type: 'PICKUP', idCarrier: homeCarrierId } }),
    );
    expectRefused(
      response,
      422,
      `${ORDER_INVALID_MESSAGE} / delivery.idCarrier : ${CARRIER_UNAVAILABLE_MESSAGE}`,
    );
    const noPoint = await placeOrder(
      visitor,
      homeDelivery(visitor, { delivery: { type: 'PICKUP', idCarrier: relayCarrierId } }),
    );
    expect(noPoint.statusCode).toBe(422);
    expect(noPoint.json().errors).toEqual([
      { key: 'delivery.accessPointId', error: 'Choisissez un point relais.' },
    ]);
  });

  it('refuses an unknown discount code with a French message instead of ignoring it', async () => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 1]]);
    const response = await placeOrder(visitor, homeDelivery(visitor, { discountCode: 'NOEL10' }));
    expectRefused(
      response,
      422,
      `${ORDER_INVALID_MESSAGE} / discountCode : ${DISCOUNT_CODE_UNKNOWN_MESSAGE}`,
    );
    expect(response.json().errors).toEqual([
      { key: 'discountCode', error: DISCOUNT_CODE_UNKNOWN_MESSAGE },
    ]);
    expect(await stockOf(wine.declinationId)).toBe(10);
    // An empty code is no code.
    expectOrder(await placeOrder(visitor, homeDelivery(visitor, { discountCode: '' })));
  });

  it.each([
    [
      'no delivery address',
      { address: { billing: ADDRESS } },
      'address.delivery',
      DELIVERY_ADDRESS_REQUIRED_MESSAGE,
    ],
    [
      'no destination',
      { deliveryPostalCode: null },
      'deliveryPostalCode',
      DELIVERY_DESTINATION_REQUIRED_MESSAGE,
    ],
    [
      'no carrier',
      { delivery: { type: 'DELIVERY' } },
      'delivery.idCarrier',
      CARRIER_REQUIRED_MESSAGE,
    ],
    [
      'no delivery for bottles',
      { delivery: { type: 'NO_DELIVERY' } },
      'delivery.type',
      NO_DELIVERY_REFUSED_MESSAGE,
    ],
    [
      'click-and-collect without a slot',
      { delivery: { type: 'CLICK_AND_COLLECT' } },
      'idSchedule',
      SLOT_REQUIRED_MESSAGE,
    ],
  ])('refuses %s with its pair', async (_name, overrides, key, error) => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 1]]);
    const response = await placeOrder(visitor, homeDelivery(visitor, overrides));
    expectRefused(response, 422, `${ORDER_INVALID_MESSAGE} / ${key} : ${error}`);
    expect(response.json().errors).toEqual([{ key, error }]);
    expect(await stockOf(wine.declinationId)).toBe(10);
  });

  it('asks for no delivery when the cart holds only dematerialized products', async () => {
    const ticket = await makeTestProduct(testApp.database, 92, {
      type: 'OTHER',
      isDematerialized: true,
      capacity: null,
    });
    const visitor = await cartWith([[ticket, 1]]);
    const shipped = await placeOrder(visitor, homeDelivery(visitor));
    expect(shipped.json().errors).toEqual([
      { key: 'delivery.type', error: DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE },
    ]);
    const order = expectOrder(
      await placeOrder(visitor, {
        ...homeDelivery(visitor),
        address: { billing: ADDRESS },
        delivery: { type: 'NO_DELIVERY' },
        deliveryPostalCode: null,
        deliveryIdCountry: null,
      }),
    );
    expect(order).toMatchObject({ deliveryType: 'NO_DELIVERY', totals: { shippingCents: 0 } });
  });

  it('refuses an empty cart, a product no longer sold, and a cart already ordered', async () => {
    const empty = await openTestCart(testApp.app, 92);
    expect((await placeOrder(empty, homeDelivery(empty))).json().errors).toEqual([
      { key: 'idCart', error: EMPTY_CART_ORDER_MESSAGE },
    ]);

    const wine = await product(10);
    const visitor = await cartWith([[wine, 1]]);
    await testApp.database.db
      .update(products)
      .set({ isPublished: false })
      .where(eq(products.id, wine.productId));
    const line = visitor.cart.products[0]!;
    expect((await placeOrder(visitor, homeDelivery(visitor))).json().errors).toEqual([
      { key: `products.${line.id}`, error: UNPUBLISHED_PRODUCT_MESSAGE(line.name) },
    ]);
    await testApp.database.db
      .update(products)
      .set({ isPublished: true })
      .where(eq(products.id, wine.productId));

    expectOrder(await placeOrder(visitor, homeDelivery(visitor)));
    // The closed cart is nobody's any more: ordering it again finds no cart.
    expect((await placeOrder(visitor, homeDelivery(visitor))).statusCode).toBe(404);
  });

  it('says a line is sold out when no unit is left', async () => {
    const wine = await product(3);
    const visitor = await cartWith([[wine, 2]]);
    await testApp.database.db
      .update(declinations)
      .set({ stock: 0 })
      .where(eq(declinations.id, wine.declinationId));
    const line = visitor.cart.products[0]!;
    expect((await placeOrder(visitor, homeDelivery(visitor))).json().errors).toEqual([
      { key: `products.${line.id}`, error: `${line.name} n’est plus disponible.` },
    ]);
    expect(await stockOf(wine.declinationId)).toBe(0);
  });

  it.each([
    ['price', { price: 1 }],
    ['total', { total: 1 }],
    ['status', { status: 'PAID' }],
    ['paid', { paid: true }],
    ['siteId', { siteId: 91 }],
    ['userId', { userId: 1 }],
  ])('refuses a body that carries %s and takes no stock', async (name, extra) => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 1]]);
    const response = await placeOrder(visitor, { ...homeDelivery(visitor), ...extra });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'body', error: `Unrecognized key: "${name}"` }]);
    expect(await stockOf(wine.declinationId)).toBe(10);
  });

  it('refuses a line price or status slipped into the delivery or user objects', async () => {
    const visitor = await cartWith([[await product(10), 1]]);
    const base = homeDelivery(visitor);
    for (const body of [
      { ...base, delivery: { ...base.delivery, fdp: 0 } },
      { ...base, user: { ...base.user, role: 'ADMIN' } },
    ]) {
      expect((await placeOrder(visitor, body)).statusCode).toBe(422);
    }
  });

  it('asks a guest for an e-mail and a name', async () => {
    const visitor = await cartWith([[await product(10), 1]]);
    const response = await placeOrder(
      visitor,
      // An adult (site 92 sells alcohol): only the missing e-mail and name are refused.
      homeDelivery(visitor, { user: { phone: '0601020304', birthdate: '1990-04-12' } }),
    );
    expectRefused(
      response,
      422,
      `${ORDER_INVALID_MESSAGE} / user.email : ${GUEST_DETAILS_REQUIRED_MESSAGE}`,
    );
  });

  it('takes payment at pick-up only for click-and-collect', async () => {
    const visitor = await cartWith([[await product(10), 1]]);
    const response = await placeOrder(
      visitor,
      homeDelivery(visitor, { paymentMethod: 'ON_PICKUP' }),
    );
    expect(response.json().errors).toEqual([
      { key: 'paymentMethod', error: ON_PICKUP_NEEDS_PICKUP_MESSAGE },
    ]);
  });

  it('answers 404 for a cart of someone else', async () => {
    const owner = await cartWith([[await product(10), 1]]);
    const stranger = await openTestCart(testApp.app, 92);
    const response = await placeOrder(stranger, homeDelivery(owner));
    expect(response.statusCode).toBe(404);
  });

  it('refuses minors, and guests without a birth date, on site 92, which sells alcohol, even with BLOCK_MINORS stored off', async () => {
    await setParameter('BLOCK_MINORS', 'false');
    await setParameter('ASK_BIRTHDATE_AT_REGISTER', 'false');
    try {
      const visitor = await cartWith([[await product(10), 1]]);
      const sent = homeDelivery(visitor);
      const { birthdate: _adult, ...guest } = sent.user as Record<string, unknown>;
      const base = { ...sent, user: guest };
      const missing = await placeOrder(visitor, base);
      expect(missing.json().errors).toEqual([
        { key: 'user.birthdate', error: ORDER_BIRTHDATE_REQUIRED_MESSAGE },
      ]);
      const minor = await placeOrder(visitor, {
        ...base,
        user: { ...base.user, birthdate: '2010-05-01' },
      });
      expect(minor.json().errors).toEqual([
        { key: 'user.birthdate', error: ORDER_MINOR_REFUSED_MESSAGE },
      ]);
      expectOrder(
        await placeOrder(visitor, { ...base, user: { ...base.user, birthdate: '1990-05-01' } }),
      );
    } finally {
      await setParameter('BLOCK_MINORS', null);
      await setParameter('ASK_BIRTHDATE_AT_REGISTER', null);
    }
  });
});

describe('Idempotency-Key', () => {
  it('answers the same order to the same key and body, and 409 to another body', async () => {
    const wine = await product(10);
    const visitor = await cartWith([[wine, 2]]);
    const body = homeDelivery(visitor);
    const first = expectOrder(await placeOrder(visitor, body, 'commande-0001'));
    const again = expectOrder(await placeOrder(visitor, body, 'commande-0001'));
    // The same order, to the cart's owner only, without a token (decision 0081).
    expect(again).toEqual({ ...first, accessToken: null });
    expect(await stockOf(wine.declinationId)).toBe(8);
    expectRefused(
      await placeOrder(visitor, { ...body, message: 'autre' }, 'commande-0001'),
      409,
      IDEMPOTENCY_CONFLICT_MESSAGE,
    );
  });

  it('refuses a malformed key', async () => {
    const visitor = await cartWith([[await product(10), 1]]);
    expectRefused(
      await placeOrder(visitor, homeDelivery(visitor), 'a b'),
      400,
      IDEMPOTENCY_KEY_INVALID_MESSAGE,
    );
  });
});

describe('POST /order/validate', () => {
  it('answers valid for a cart that can be ordered', async () => {
    const visitor = await cartWith([[await product(10), 1]]);
    const response = await validate(visitor, {
      delivery: { type: 'DELIVERY', idCarrier: homeCarrierId },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ valid: true, errors: [] });
  });

  it('lists every problem of the cart as key/error pairs', async () => {
    const short = await product(10, { priceCents: 1000 });
    const box = await product(12, { sellByMultipleOf: 3 });
    const visitor = await cartWith([
      [short, 4],
      [box, 3],
    ]);
    // Stock sold elsewhere and a multiple changed since the lines were added.
    await testApp.database.db
      .update(declinations)
      .set({ stock: 2 })
      .where(eq(declinations.id, short.declinationId));
    await testApp.database.db
      .update(declinations)
      .set({ sellByMultipleOf: 6 })
      .where(eq(declinations.id, box.declinationId));
    const response = await validate(visitor, {
      delivery: { type: 'DELIVERY', idCarrier: 999_999 },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    });
    expect(response.statusCode).toBe(422);
    const [shortLine, boxLine] = visitor.cart.products;
    const errors = [
      {
        key: `products.${shortLine!.id}`,
        error: `${shortLine!.name} : il n’en reste que 2.`.replace(
          /.*/,
          `Il ne reste que 2 exemplaires de ${shortLine!.name}.`,
        ),
      },
      { key: `products.${boxLine!.id}`, error: `${boxLine!.name} se vend par multiple de 6.` },
      { key: 'delivery.idCarrier', error: CARRIER_UNAVAILABLE_MESSAGE },
    ];
    expect(response.json()).toMatchObject({
      success: false,
      errors,
      message: [ORDER_INVALID_MESSAGE, ...errors.map((pair) => `${pair.key} : ${pair.error}`)].join(
        ' / ',
      ),
    });
  });

  it('passes on the delivery rules of the site (maximum bottles)', async () => {
    await setParameter('MAXIMUM_EXPEDITION_BOTTLE', '2');
    try {
      const visitor = await cartWith([[await product(10), 3]]);
      const response = await validate(visitor, {
        delivery: { type: 'DELIVERY', idCarrier: homeCarrierId },
        deliveryPostalCode: '49000',
        deliveryIdCountry: 'FRA',
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[0].key).toBe('products');
    } finally {
      await setParameter('MAXIMUM_EXPEDITION_BOTTLE', null);
    }
  });

  it('says when the cart is empty', async () => {
    const visitor = await openTestCart(testApp.app, 92);
    const response = await validate(visitor);
    expect(response.json().errors).toEqual([{ key: 'idCart', error: 'Votre panier est vide.' }]);
  });
});

describe('click-and-collect', () => {
  async function shopId() {
    const response = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/company/address',
      query: { isClickAndCollect: 'true' },
    });
    return companyAddressSchema.array().parse(response.json().data)[0]!.id;
  }

  it('turns the held slot into the order’s, paid at pick-up', async () => {
    const id = await shopId();
    const visitor = await cartWith([[await product(10), 1]]);
    const dates = allowedDatesSchema.parse(
      (
        await siteRequest(testApp.app, 92, {
          method: 'GET',
          url: `/calendar/${id}/date/allowed/6/2026`,
        })
      ).json().data,
    );
    const day = dates.days[0]!;
    const slot = day.slots[0]!;
    const body = {
      ...homeDelivery(visitor),
      address: { billing: ADDRESS },
      delivery: { type: 'CLICK_AND_COLLECT', idCompanyAddress: id },
      dateSchedule: slot.dateSchedule,
      idSchedule: slot.idSchedule,
      deliveryPostalCode: null,
      deliveryIdCountry: null,
      paymentMethod: 'ON_PICKUP',
    };
    const notHeld = await placeOrder(visitor, body);
    expect(notHeld.json().errors).toEqual([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);

    const held = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/calendar/${id}/hold`,
      cookies: visitor.cookies,
      payload: { idCart: visitor.cart.id, date: day.date, idSchedule: slot.idSchedule },
    });
    expect(held.statusCode, held.body).toBe(200);
    const order = expectOrder(await placeOrder(visitor, body));
    expect(order).toMatchObject({
      deliveryType: 'CLICK_AND_COLLECT',
      paymentMethod: 'ON_PICKUP',
      paymentDueAt: null,
      slot: { idCompanyAddress: id, date: day.date, idSchedule: slot.idSchedule },
      totals: { shippingCents: 0 },
      // The place the customer goes to, and the length of its slots (decision 0086).
      deliveryAddress: null,
      pickupPlace: {
        name: 'Domaine des Trois Coteaux',
        addressLine1: '4 chemin des Coteaux',
        postalCode: '49380',
        city: 'Bellevigne-en-Layon',
        slotMinutes: 30,
      },
    });
    const [booking] = await testApp.database.db
      .select()
      .from(pickupSlotBookings)
      .where(eq(pickupSlotBookings.cartId, visitor.cart.id));
    expect(booking?.expiresAt).toBeNull();
    // Paid at pick-up: the job never cancels it.
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 30 * 24 * 60 * 60_000);
      await jobs.get('order-payment-expiry')!();
    } finally {
      clock.now = start;
    }
    const [row] = await testApp.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.status).toBe('PENDING_PAYMENT');
  });

  it('finds a hold that expired (15 min) before the order, and frees the slot of a cancelled order', async () => {
    const id = await shopId();
    const visitor = await cartWith([[await product(10), 1]]);
    const dates = allowedDatesSchema.parse(
      (
        await siteRequest(testApp.app, 92, {
          method: 'GET',
          url: `/calendar/${id}/date/allowed/6/2026`,
        })
      ).json().data,
    );
    const day = dates.days[1]!;
    const slot = day.slots[0]!;
    const held = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/calendar/${id}/hold`,
      cookies: visitor.cookies,
      payload: { idCart: visitor.cart.id, date: day.date, idSchedule: slot.idSchedule },
    });
    expect(held.statusCode, held.body).toBe(200);
    const body = {
      ...homeDelivery(visitor),
      address: { billing: ADDRESS },
      delivery: { type: 'CLICK_AND_COLLECT', idCompanyAddress: id },
      dateSchedule: slot.dateSchedule,
      idSchedule: slot.idSchedule,
      paymentMethod: 'CARD',
    };
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 16 * 60_000);
      expect((await validate(visitor)).json().errors).toEqual([
        { key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE },
      ]);
      clock.now = start;
      const order = expectOrder(await placeOrder(visitor, body));
      expect(order.paymentDueAt).toBe(new Date(start.getTime() + 30 * 60_000).toISOString());
      // Unpaid by card after 30 minutes: cancelled, and the place is free again.
      clock.now = new Date(start.getTime() + 31 * 60_000);
      await jobs.get('order-payment-expiry')!();
      const bookings = await testApp.database.db
        .select()
        .from(pickupSlotBookings)
        .where(eq(pickupSlotBookings.cartId, visitor.cart.id));
      expect(bookings).toEqual([]);
    } finally {
      clock.now = start;
    }
  });
});

describe('GET /order and GET /order/:id', () => {
  it('shows customers their own orders only', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    const opened = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/cart',
      headers: bearer(customer.token),
      payload: { type: 'MAIN_CART' },
    });
    const cart = cartSchema.parse(opened.json().data);
    const wine = await product(10);
    const body = multipart({ type: 'MAIN_CART', quantity: '2' });
    const added = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${cart.id}/product/${wine.declinationId}`,
      headers: { ...body.headers, ...bearer(customer.token) },
      payload: body.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const order = expectOrder(
      await placeOrder(
        { token: customer.token },
        { ...homeDelivery({ cart, cookies: {} }), user: { phone: '0601020304' } },
      ),
    );

    const list = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/order',
      headers: bearer(customer.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((entry: { id: number }) => entry.id)).toEqual([order.id]);

    const one = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/order/${order.id}`,
      headers: bearer(customer.token),
    });
    // Only POST /order's answer carries the access token.
    expect(orderSchema.parse(one.json().data)).toEqual({ ...order, accessToken: null });
    // Where it goes, as the customer typed it (decision 0086).
    expect(order.deliveryAddress).toEqual({ ...ADDRESS, secondPart: null });
    expect(order.pickupPlace).toBeNull();

    const other = await registerCustomer(testApp.app, 92);
    expectRefused(
      await siteRequest(testApp.app, 92, {
        method: 'GET',
        url: `/order/${order.id}`,
        headers: bearer(other.token),
      }),
      404,
      ORDER_NOT_FOUND_MESSAGE,
    );
    expect(
      (
        await siteRequest(testApp.app, 91, {
          method: 'GET',
          url: `/order/${order.id}`,
          headers: bearer(customer.token),
        })
      ).statusCode,
    ).not.toBe(200);
    expect((await siteRequest(testApp.app, 92, { method: 'GET', url: '/order' })).statusCode).toBe(
      401,
    );
  });
});

/**
 * USE_STOCK (docs/requirements/site-parameters.md): off, the site does not manage stock — nothing
 * enforced, nothing reserved; on, the cart's and the order's stock rules hold. Read as someone
 * after more than the shop has: the rule is the order's, at order time.
 */
describe('USE_STOCK', () => {
  async function withoutStock(work: () => Promise<void>) {
    await setParameter('USE_STOCK', 'false');
    try {
      await work();
    } finally {
      await setParameter('USE_STOCK', 'true');
    }
  }

  function addLine(visitor: CartVisitor, declinationId: number, quantity: number) {
    const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
    return siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${visitor.cart.id}/product/${declinationId}`,
      headers: body.headers,
      cookies: visitor.cookies,
      payload: body.payload,
    });
  }

  it('off: more than the stock goes into the cart and is ordered, and the stock is not touched', async () => {
    const wine = await product(2);
    await withoutStock(async () => {
      const visitor = await cartWith([[wine, 5]]);
      // Changing the line's quantity is not limited by the stock either.
      const line = visitor.cart.products[0]!;
      const changed = await siteRequest(testApp.app, 92, {
        method: 'PUT',
        url: `/cart/${visitor.cart.id}/product/${wine.productId}/quantity`,
        cookies: visitor.cookies,
        payload: { quantity: 7, idCartProduct: line.id },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      visitor.cart = cartSchema.parse(changed.json().data);
      const checked = await validate(visitor, {
        delivery: { type: 'DELIVERY', idCarrier: homeCarrierId },
        deliveryPostalCode: '49000',
        deliveryIdCountry: 'FRA',
      });
      expect(checked.statusCode, checked.body).toBe(200);
      const order = expectOrder(await placeOrder(visitor, homeDelivery(visitor)));
      expect(order.lines).toEqual([expect.objectContaining({ quantity: 7 })]);
      expect(await stockOf(wine.declinationId)).toBe(2);
    });
  });

  it('off: the multiple still holds', async () => {
    const box = await product(0, { sellByMultipleOf: 6 });
    await withoutStock(async () => {
      const visitor = await openTestCart(testApp.app, 92);
      const refused = await addLine(visitor, box.declinationId, 4);
      expectRefused(refused, 422, 'This product can only be added by multiple of 6');
      expect((await addLine(visitor, box.declinationId, 12)).statusCode).toBe(200);
    });
  });

  it('off: a cancellation gives back nothing, since nothing was taken', async () => {
    const wine = await product(3);
    let orderId = 0;
    await withoutStock(async () => {
      const visitor = await cartWith([[wine, 5]]);
      orderId = expectOrder(await placeOrder(visitor, homeDelivery(visitor))).id;
    });
    // Stock switched back on before the cancellation: the order took nothing, gives nothing.
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 10 * 24 * 60 * 60_000 + 60_000);
      await jobs.get('order-payment-expiry')!();
      const [row] = await testApp.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId));
      expect(row?.status).toBe('CANCELLED');
      expect(await stockOf(wine.declinationId)).toBe(3);
    } finally {
      clock.now = start;
    }
  });

  it('on: more than the stock is refused with the spec’s message, and an order takes its units once', async () => {
    const wine = await product(4);
    const visitor = await openTestCart(testApp.app, 92);
    expectRefused(
      await addLine(visitor, wine.declinationId, 5),
      422,
      'Only 4 bottles remaining in stock',
    );
    const added = await addLine(visitor, wine.declinationId, 3);
    expect(added.statusCode, added.body).toBe(200);
    visitor.cart = cartSchema.parse(added.json().data);
    const raised = await siteRequest(testApp.app, 92, {
      method: 'PUT',
      url: `/cart/${visitor.cart.id}/product/${wine.productId}/quantity`,
      cookies: visitor.cookies,
      payload: { quantity: 5, idCartProduct: visitor.cart.products[0]!.id },
    });
    expectRefused(raised, 422, 'Only 4 bottles remaining in stock');
    const key = 'use-stock-on-once';
    expectOrder(await placeOrder(visitor, homeDelivery(visitor), key));
    // The same request again is the same order: the units are taken once.
    expectOrder(await placeOrder(visitor, homeDelivery(visitor), key));
    expect(await stockOf(wine.declinationId)).toBe(1);
  });

  it('switched on between the cart and the order: the order applies the stock then', async () => {
    const wine = await product(2);
    let visitor: CartVisitor | undefined;
    await withoutStock(async () => {
      visitor = await cartWith([[wine, 5]]);
    });
    const line = visitor!.cart.products[0]!;
    expect((await placeOrder(visitor!, homeDelivery(visitor!))).json().errors).toEqual([
      { key: `products.${line.id}`, error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, 2) },
    ]);
    expect(await stockOf(wine.declinationId)).toBe(2);
  });
});

describe('payment expiry job', () => {
  it('cancels an unpaid transfer after 10 days and gives its stock back', async () => {
    const wine = await product(10);
    expect(await catalogueStockOf(wine)).toBe(10);
    const visitor = await cartWith([[wine, 4]]);
    const order = expectOrder(await placeOrder(visitor, homeDelivery(visitor)));
    expect(await stockOf(wine.declinationId)).toBe(6);
    // The catalogue's kept answer follows the order at once.
    expect(await catalogueStockOf(wine)).toBe(6);
    const start = clock.now;
    try {
      clock.now = new Date(start.getTime() + 10 * 24 * 60 * 60_000 - 60_000);
      await jobs.get('order-payment-expiry')!();
      expect(await stockOf(wine.declinationId)).toBe(6);

      clock.now = new Date(start.getTime() + 10 * 24 * 60 * 60_000 + 60_000);
      await jobs.get('order-payment-expiry')!();
      expect(await stockOf(wine.declinationId)).toBe(10);
      expect(await catalogueStockOf(wine)).toBe(10);
      const [row] = await testApp.database.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row?.status).toBe('CANCELLED');
      const history = await testApp.database.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id));
      expect(history.map((entry) => [entry.toStatus, entry.actor])).toEqual([
        ['PENDING_PAYMENT', 'customer'],
        ['CANCELLED', 'job:payment-expiry'],
      ]);
      // Run again: nothing is given back twice.
      await jobs.get('order-payment-expiry')!();
      expect(await stockOf(wine.declinationId)).toBe(10);
    } finally {
      clock.now = start;
    }
  });
});
