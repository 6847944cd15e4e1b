import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { openTestCart } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A discount or gift-voucher code is a secret worth guessing: each client address may try only
 * so many (POST /order/discount); past it, 429 with the French message, whatever the code.
 */

const LIMIT = 3;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      discountChecksPerIp: { max: LIMIT, timeWindowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

describe('POST /order/discount per client address', () => {
  it('answers 429 past the limit, and counts each address apart', async () => {
    const visitor = await openTestCart(testApp.app, 92);
    const tryCode = (ip: string, code: string) =>
      siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/order/discount',
        cookies: visitor.cookies,
        headers: { 'x-forwarded-for': ip },
        payload: { idCart: visitor.cart.id, code },
      });
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await tryCode('203.0.113.9', `DEVINE${attempt}`)).statusCode).toBe(422);
    }
    const refused = await tryCode('203.0.113.9', 'BIENVENUE10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/trop/i);
    expect((await tryCode('203.0.113.10', 'DEVINE')).statusCode).toBe(422);
  });
});
