import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allowedDatesSchema } from '@comptoir/contract/calendar';
import { cartSchema } from '@comptoir/contract/cart';
import { companyAddressSchema } from '@comptoir/contract/contact';
import { orderSchema, type Order } from '@comptoir/contract/order';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import { declinations } from '../db/schema';
import type { OrderEvents } from '../modules/order';
import type { OrderService } from '../modules/order';
import { bearer, RELAXED_AUTH_LIMITS } from './accounts';
import { addTestLine, makeTestProduct, openTestCart, productsOf, type CartVisitor } from './carts';
import { siteRequest } from './http';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { multipart } from './uploads';

/*
 * Placing orders on the wine site (92) in tests of what follows an order: mails, invoices,
 * account erasure. The order module itself is tested in modules/order.
 */

export interface OrderTestApp extends TestApp {
  orders: {
    service: OrderService;
    events: OrderEvents;
    sendDueReviewRequests: () => Promise<number>;
  };
}

/** A test app whose order module the test can drive (mark paid, ship…). */
export async function createOrderTestApp(options: TestAppOptions = {}): Promise<OrderTestApp> {
  let orders: OrderTestApp['orders'] | undefined;
  const testApp = await createTestApp({
    authLimits: RELAXED_AUTH_LIMITS,
    ...options,
    onOrders: (module) => {
      orders = module;
    },
  });
  await testApp.app.ready();
  if (!orders) throw new Error('The order module was not registered');
  return { ...testApp, orders };
}

export const TEST_ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

/** A wine of the test's own, with its stock. */
export async function testWine(testApp: TestApp, options: { priceCents?: number } = {}) {
  const made = await makeTestProduct(testApp.database, 92, options);
  await testApp.database.db
    .update(declinations)
    .set({ stock: 100 })
    .where(eq(declinations.id, made.declinationId));
  return made;
}

/** A guest's cart holding these lines. */
export async function guestCart(
  app: FastifyInstance,
  lines: [{ declinationId: number }, number][],
): Promise<CartVisitor> {
  const visitor = await openTestCart(app, 92);
  for (const [line, quantity] of lines) {
    await addTestLine(app, 92, visitor, line.declinationId, quantity);
  }
  return visitor;
}

/** A logged-in customer's main cart holding one line. */
export async function customerCart(
  app: FastifyInstance,
  token: string,
  declinationId: number,
  quantity: number,
): Promise<CartVisitor> {
  const opened = await siteRequest(app, 92, {
    method: 'POST',
    url: '/cart',
    headers: bearer(token),
    payload: { type: 'MAIN_CART' },
  });
  const cart = cartSchema.parse(opened.json().data);
  const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
  const added = await siteRequest(app, 92, {
    method: 'POST',
    url: `/cart/${cart.id}/product/${declinationId}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  expect(added.statusCode, added.body).toBe(200);
  return { cart: cartSchema.parse(added.json().data), cookies: {} };
}

/** The home-delivery carrier that delivers this cart to Angers. */
export async function homeCarrierId(app: FastifyInstance, visitor: CartVisitor, token?: string) {
  const response = await siteRequest(app, 92, {
    method: 'POST',
    url: '/calculate/shipping-fees',
    cookies: visitor.cookies,
    headers: token ? bearer(token) : {},
    payload: {
      idCart: visitor.cart.id,
      products: productsOf(visitor.cart),
      postalCode: '49000',
      country: 'FRA',
    },
  });
  const quote = shippingQuoteSchema.parse(response.json().data);
  return quote.carriers.find((carrier) => carrier.deliveryType === 'DELIVERY')!.id;
}

/** The guest who places the tests' orders: an adult, as site 92 sells alcohol (decision 0109). */
export const TEST_GUEST = {
  phone: '0601020304',
  email: 'camille@example.fr',
  firstname: 'Camille',
  lastname: 'Martin',
  birthdate: '1990-04-12',
};

/** A guest's order delivered at home, paid by bank transfer. */
export function homeDeliveryBody(
  visitor: { cart: { id: number } },
  carrierId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    idCart: visitor.cart.id,
    user: TEST_GUEST,
    address: { delivery: TEST_ADDRESS, billing: TEST_ADDRESS },
    delivery: { type: 'DELIVERY', idCarrier: carrierId },
    deliveryPostalCode: '49000',
    deliveryIdCountry: 'FRA',
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
    ...overrides,
  };
}

/** A guest's order of what is not delivered (gift cards, gift vouchers), paid by bank transfer. */
export function noDeliveryBody(
  visitor: { cart: { id: number } },
  overrides: Record<string, unknown> = {},
) {
  return {
    idCart: visitor.cart.id,
    user: TEST_GUEST,
    address: { billing: TEST_ADDRESS },
    delivery: { type: 'NO_DELIVERY' },
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
    ...overrides,
  };
}

export function placeOrder(
  app: FastifyInstance,
  visitor: { cookies?: Record<string, string>; token?: string },
  body: unknown,
  key?: string,
) {
  return siteRequest(app, 92, {
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

export function expectPlaced(response: { statusCode: number; body: string; json(): any }): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json().data);
}

/**
 * A click-and-collect order's body for the site's shop, with the first free slot of June 2026
 * (held for the cart), paid at pick-up.
 */
export async function clickAndCollectBody(
  app: FastifyInstance,
  visitor: CartVisitor,
  guest: { email: string; firstname: string; lastname: string },
  dayIndex = 0,
  token?: string,
) {
  const addresses = await siteRequest(app, 92, {
    method: 'GET',
    url: '/company/address',
    query: { isClickAndCollect: 'true' },
  });
  const shop = companyAddressSchema.array().parse(addresses.json().data)[0]!;
  const dates = allowedDatesSchema.parse(
    (
      await siteRequest(app, 92, {
        method: 'GET',
        url: `/calendar/${shop.id}/date/allowed/6/2026`,
      })
    ).json().data,
  );
  const day = dates.days[dayIndex]!;
  const slot = day.slots[0]!;
  const held = await siteRequest(app, 92, {
    method: 'POST',
    url: `/calendar/${shop.id}/hold`,
    cookies: visitor.cookies,
    headers: token ? bearer(token) : {},
    payload: { idCart: visitor.cart.id, date: day.date, idSchedule: slot.idSchedule },
  });
  expect(held.statusCode, held.body).toBe(200);
  return {
    shop,
    day,
    slot,
    body: {
      idCart: visitor.cart.id,
      // An adult: site 92 sells alcohol (decision 0109).
      user: { phone: '0601020304', birthdate: '1990-04-12', ...guest },
      address: { billing: TEST_ADDRESS },
      delivery: { type: 'CLICK_AND_COLLECT', idCompanyAddress: shop.id },
      dateSchedule: slot.dateSchedule,
      idSchedule: slot.idSchedule,
      paymentMethod: 'ON_PICKUP',
      acceptSaleTerms: true,
    },
  };
}

/**
 * A guest's order of `quantity` bottles of a new test wine, delivered at home in Angers and paid
 * by bank transfer: the order that tests of what follows an order (the back office, invoices,
 * vouchers) start from. `overrides` replaces fields of the order's body.
 */
export async function placeGuestHomeOrder(
  testApp: OrderTestApp,
  options: {
    email?: string;
    quantity?: number;
    priceCents?: number;
    overrides?: Record<string, unknown>;
  } = {},
): Promise<Order> {
  const wine = await testWine(testApp, { priceCents: options.priceCents ?? 1200 });
  const visitor = await guestCart(testApp.app, [[wine, options.quantity ?? 2]]);
  const carrierId = await homeCarrierId(testApp.app, visitor);
  const guest = options.email ? { ...TEST_GUEST, email: options.email } : TEST_GUEST;
  return expectPlaced(
    await placeOrder(
      testApp.app,
      visitor,
      homeDeliveryBody(visitor, carrierId, { user: guest, ...options.overrides }),
    ),
  );
}

/** The same order placed by a logged-in customer (the account's name and address). */
export async function placeCustomerHomeOrder(
  testApp: OrderTestApp,
  token: string,
  options: { quantity?: number; priceCents?: number; phone?: string } = {},
): Promise<Order> {
  const wine = await testWine(testApp, { priceCents: options.priceCents ?? 1200 });
  const visitor = await customerCart(testApp.app, token, wine.declinationId, options.quantity ?? 2);
  const carrierId = await homeCarrierId(testApp.app, visitor, token);
  return expectPlaced(
    await placeOrder(
      testApp.app,
      { token },
      { ...homeDeliveryBody(visitor, carrierId), user: { phone: options.phone ?? '0601020304' } },
    ),
  );
}
