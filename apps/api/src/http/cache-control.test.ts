import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TOKEN_HEADER } from '@comptoir/contract/payment';
import { PRIVATE_CACHE_CONTROL } from '../plugins/private-answers';
import { bearer, registerCustomer, registrationBody, RELAXED_AUTH_LIMITS } from '../test/accounts';
import { makeTestProduct, openTestCart } from '../test/carts';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { multipart } from '../test/uploads';

/*
 * Every operation of the generated OpenAPI document is called, and its answer's Cache-Control
 * checked against its class (decision 0080): an answer built from a session, a cart secret or an
 * order token says `private, no-store`, errors included; a public answer keeps what it had (no
 * Cache-Control on JSON, the ETag of the cached reads; the year-long header of the public images)
 * even when the caller sends a session with it, as a browser does.
 */

const SITE = 92;
const HIGH_LIMIT = { max: 1_000_000, timeWindowMs: 60_000 };
const MISSING_ID = '999999';

/**
 * The operations outside /admin whose answers read the caller's session, cart secret or order
 * token (or hand out a session). Every /admin operation is private too, but the public
 * GET /admin/address/type. Any other operation is public.
 */
const PRIVATE_OUTSIDE_ADMIN = new Set([
  'GET /file/{key}',
  'GET /logged',
  'GET /user',
  'PUT /user',
  'DELETE /user',
  'GET /user/data',
  'PUT /user/password',
  'POST /logout',
  'POST /register',
  'POST /login',
  'GET /user/newsletter/lists',
  'GET /user/newsletter/subscription',
  'PUT /user/newsletter/subscription',
  'POST /cart',
  'POST /cart/{cartId}',
  'DELETE /cart/{cartId}',
  'GET /cart/{id}/default',
  'PUT /cart/{cartId}/product/{productId}/quantity',
  'DELETE /cart/{cartId}/product/{productId}/{idCartProduct}',
  'POST /cart/{cartId}/product/{declinationId}',
  'POST /cart/{cartId}/gift-voucher',
  'POST /calculate/shipping-fees',
  'POST /calendar/{id}/hold',
  'DELETE /calendar/hold/{cartId}',
  'POST /order/discount',
  'POST /order/validate',
  'POST /order',
  'GET /order',
  'GET /order/{id}',
  'GET /order/{id}/invoice',
  'POST /custom-stripe/payment-intent',
  'POST /booking/hold',
  'GET /booking/mine',
  'GET /booking/{id}',
  'POST /booking/{id}/confirm',
  'POST /booking/{id}/cancel',
  'POST /booking/{id}/move',
  'POST /booking/{id}/payment-intent',
]);

/** Public answers that set a Cache-Control of their own when they answer 200, as before. */
const OWN_CACHE_CONTROL: Record<string, string> = {
  'GET /logo/{siteId}/{key}': 'public, max-age=31536000, immutable',
  'GET /content-image/{siteId}/{key}': 'public, max-age=31536000, immutable',
  'GET /catalogue-image/{siteId}/{key}': 'public, max-age=31536000, immutable',
  'GET /product/generate/file/{id}': 'private, max-age=300',
  'GET /product/generate/file/{id}/{declinationId}': 'private, max-age=300',
};

function isPrivate(operation: string): boolean {
  const path = operation.slice(operation.indexOf(' ') + 1);
  if (path.startsWith('/admin/')) return operation !== 'GET /admin/address/type';
  return PRIVATE_OUTSIDE_ADMIN.has(operation);
}

/** Path parameters as they come: a value each parameter's schema takes. */
const PARAMS: Record<string, string> = {
  key: '0123456789abcdef0123456789abcdef.png',
  route: 'actualites',
  slug: 'a',
  type: 'COMPANY_NAME',
  app: 'matomo',
  from: 'newsletter',
  search: 'angers',
  idCountry: 'FRA',
  month: '12',
  year: '2026',
  token: 'abcdefabcdefabcdef',
  siteId: String(SITE),
};

function fill(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? PARAMS[name] ?? MISSING_ID),
  );
}

let testApp: TestApp;
let superAdminToken: string;
let productId: number;
let declinationId: number;

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      contactMessagePerIp: HIGH_LIMIT,
      loginFailuresPerAccount: HIGH_LIMIT,
      loginFailuresPerAccountAndIp: HIGH_LIMIT,
    },
    siteVisitPerIp: HIGH_LIMIT,
    productSheetPerIp: HIGH_LIMIT,
  });
  await testApp.app.ready();
  superAdminToken = (
    await createUserWithSession(testApp.database.db, { siteId: SITE, role: 'SUPER_ADMIN' })
  ).token;
  ({ productId, declinationId } = await makeTestProduct(testApp.database, SITE));
});
afterAll(async () => {
  await testApp?.close();
});

async function customerToken(): Promise<string> {
  return (await createUserWithSession(testApp.database.db, { siteId: SITE })).token;
}

/** A visitor's own cart: its id and its secret cookie. */
async function visitorCart() {
  const visitor = await openTestCart(testApp.app, SITE);
  return { id: visitor.cart.id, cookies: visitor.cookies };
}

const billing = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

/**
 * How a private operation outside /admin is called: as the caller it is private to, with a body
 * its schema takes, so that the answer is the route's own (validation comes before any route).
 */
async function privateCall(operation: string, path: string): Promise<InjectOptions> {
  const json = (payload: object) => ({ payload });
  switch (operation) {
    case 'GET /file/{key}':
      return { url: fill(path), headers: bearer(superAdminToken) };
    case 'PUT /user':
      return {
        url: path,
        headers: bearer(await customerToken()),
        ...json({ firstname: 'Léa', lastname: 'Moreau', phone: '06 12 34 56 78' }),
      };
    case 'PUT /user/password':
      return {
        url: path,
        headers: bearer(await customerToken()),
        ...json({ currentPassword: 'PasLeBon2026', newPassword: 'Coiffure2027' }),
      };
    case 'PUT /user/newsletter/subscription':
      return { url: path, headers: bearer(await customerToken()), ...json({ listIds: [] }) };
    case 'POST /register':
      return { url: path, ...json(registrationBody()) };
    case 'POST /login': {
      const customer = await registerCustomer(testApp.app, SITE);
      return { url: path, ...json({ email: customer.email, password: customer.password }) };
    }
    case 'GET /order/{id}':
      return { url: fill(path), headers: { [ORDER_TOKEN_HEADER]: 'a'.repeat(43) } };
    case 'POST /custom-stripe/payment-intent':
      return {
        url: path,
        headers: { [ORDER_TOKEN_HEADER]: 'a'.repeat(43) },
        ...json({ idOrder: Number(MISSING_ID) }),
      };
    case 'POST /cart':
      return { url: path, ...json({ type: 'MAIN_CART' }) };
    case 'GET /cart/{id}/default': {
      const cart = await visitorCart();
      return {
        url: fill(path, { id: String(cart.id) }),
        headers: bearer(await customerToken()),
        cookies: cart.cookies,
      };
    }
    case 'POST /cart/{cartId}/product/{declinationId}': {
      const cart = await visitorCart();
      const body = multipart({ type: 'MAIN_CART', quantity: '1' });
      return {
        url: fill(path, { cartId: String(cart.id), declinationId: String(declinationId) }),
        cookies: cart.cookies,
        headers: body.headers,
        payload: body.payload,
      };
    }
    case 'POST /cart/{cartId}':
    case 'DELETE /cart/{cartId}':
    case 'PUT /cart/{cartId}/product/{productId}/quantity':
    case 'DELETE /cart/{cartId}/product/{productId}/{idCartProduct}':
    case 'DELETE /calendar/hold/{cartId}':
    case 'POST /cart/{cartId}/gift-voucher': {
      const cart = await visitorCart();
      const bodies: Record<string, object> = {
        'POST /cart/{cartId}': {},
        'PUT /cart/{cartId}/product/{productId}/quantity': { quantity: 1, idCartProduct: 1 },
        'POST /cart/{cartId}/gift-voucher': {
          amountCents: 5000,
          recipientName: 'Louise',
          sendOn: '2030-01-01',
          buyerName: 'Camille',
        },
      };
      return {
        url: fill(path, { cartId: String(cart.id) }),
        cookies: cart.cookies,
        ...(bodies[operation] ? json(bodies[operation]) : {}),
      };
    }
    case 'POST /calculate/shipping-fees':
    case 'POST /calendar/{id}/hold':
    case 'POST /order/discount':
    case 'POST /order/validate':
    case 'POST /order': {
      const cart = await visitorCart();
      const bodies: Record<string, object> = {
        'POST /calculate/shipping-fees': {
          idCart: cart.id,
          products: [],
          postalCode: '49000',
          country: 'FRA',
        },
        'POST /calendar/{id}/hold': { idCart: cart.id, date: '2030-01-07', idSchedule: 600 },
        'POST /order/discount': { idCart: cart.id, code: 'COTEAUX5' },
        'POST /order/validate': { idCart: cart.id },
        'POST /order': {
          idCart: cart.id,
          user: {
            phone: '06 12 34 56 78',
            email: 'camille@example.fr',
            firstname: 'C',
            lastname: 'M',
            birthdate: '1990-04-12',
          },
          address: { billing },
          delivery: { type: 'CLICK_AND_COLLECT' },
          paymentMethod: 'CHEQUE',
          acceptSaleTerms: true,
        },
      };
      return { url: fill(path), cookies: cart.cookies, ...json(bodies[operation]!) };
    }
    case 'POST /booking/hold':
      return {
        url: path,
        headers: bearer(await customerToken()),
        ...json({ serviceId: Number(MISSING_ID), start: '2030-01-07T09:00:00+01:00' }),
      };
    case 'POST /booking/{id}/confirm':
      return { url: fill(path), headers: bearer(await customerToken()), ...json({}) };
    case 'POST /booking/{id}/move':
      return {
        url: fill(path),
        headers: bearer(await customerToken()),
        ...json({ start: '2030-01-07T09:00:00+01:00' }),
      };
    default:
      // The account's own reads and writes without a body.
      return { url: fill(path), headers: bearer(await customerToken()) };
  }
}

function send(method: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    ...options,
    method: method as 'GET',
    headers: { siteid: String(SITE), ...(options.headers as Record<string, string>) },
  });
}

function describeAnswer(operation: string, response: LightMyRequestResponse, as: string): string {
  return `${operation} as ${as}: ${response.statusCode}, Cache-Control ${String(response.headers['cache-control'])}`;
}

describe('Cache-Control by class of answer', () => {
  it('walks every operation of the OpenAPI document: private answers say private, no-store; public ones keep their headers', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(200);

    const wrong: string[] = [];
    const seen = { private: 0, public: 0, ownHeader: 0 };
    for (const { method, path } of operations) {
      const operation = `${method} ${path}`;
      if (isPrivate(operation)) {
        seen.private += 1;
        const options = path.startsWith('/admin/')
          ? // The back office's gate reads the session before anything else.
            { url: fill(path), headers: bearer(superAdminToken) }
          : await privateCall(operation, path);
        const response = await send(method, options);
        if (response.headers['cache-control'] !== PRIVATE_CACHE_CONTROL) {
          wrong.push(describeAnswer(operation, response, 'its private caller'));
        }
        continue;
      }
      seen.public += 1;
      // As an anonymous visitor, then with a customer's session, as a browser sends it on /api.
      const token = await customerToken();
      for (const [as, cookies] of [
        ['a visitor', {}],
        ['a customer', { token }],
      ] as const) {
        // A real product, so that its sheets answer 200 with their own header.
        const url = fill(path, { id: String(productId), declinationId: String(declinationId) });
        const response = await send(method, { url, cookies });
        const cacheControl = response.headers['cache-control'];
        const own = response.statusCode === 200 ? OWN_CACHE_CONTROL[operation] : undefined;
        if (cacheControl !== own) wrong.push(describeAnswer(operation, response, as));
        if (own) seen.ownHeader += 1;
      }
    }
    expect(wrong, wrong.join('; ')).toEqual([]);
    expect(seen.private).toBeGreaterThan(150);
    expect(seen.public).toBeGreaterThan(50);
    // The product's two sheets, as a visitor and as a customer.
    expect(seen.ownHeader).toBe(4);
  }, 180_000);

  it('keeps the cached reads as they were: an ETag and no Cache-Control, with or without a session', async () => {
    const token = await customerToken();
    for (const url of ['/parameter', '/site/info', '/page/tree', '/product']) {
      for (const headers of [{}, bearer(token)]) {
        const response = await send('GET', { url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers.etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
        expect(response.headers['cache-control'], url).toBeUndefined();
      }
    }
  });

  it('marks the refusals of a private operation too: a visitor asking for an account gets a private 401', async () => {
    for (const url of ['/user', '/order', '/admin/audit']) {
      const response = await send('GET', { url });
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_CACHE_CONTROL);
    }
  });
});
