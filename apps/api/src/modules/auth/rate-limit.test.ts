import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { FailureCounter } from '../../lib/rate-limits';
import {
  login,
  registerCustomer,
  registrationBody,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

const MINUTE = 60_000;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      loginPerIp: { max: 8, timeWindowMs: MINUTE },
      registerPerIp: { max: 3, timeWindowMs: MINUTE },
      passwordResetAskPerIp: { max: 2, timeWindowMs: MINUTE },
      newsletterSubscribePerIp: { max: 2, timeWindowMs: MINUTE },
      loginFailuresPerAccount: { max: 3, timeWindowMs: MINUTE },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

/** The storefront (127.0.0.1, inject's default peer) forwards the visitor's address. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

const tooMany = { success: false, data: null, message: TOO_MANY_ATTEMPTS_MESSAGE };

describe('per-account limit on failed logins', () => {
  it('refuses even the right password after too many failures, from any address', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const failed = await login(
        testApp.app,
        91,
        email,
        'Mauvais2026',
        from(`198.51.100.${attempt}`),
      );
      expect(failed.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    const blocked = await login(testApp.app, 91, email, TEST_PASSWORD, from('198.51.100.50'));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
  });

  it('counts unknown addresses the same way, so that the answers reveal nothing', async () => {
    const unknown = uniqueEmail('inconnu');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(
        (await login(testApp.app, 91, unknown, 'Mauvais2026', from('198.51.100.60'))).statusCode,
      ).toBe(401);
    }
    expect(
      (await login(testApp.app, 91, unknown, 'Mauvais2026', from('198.51.100.61'))).statusCode,
    ).toBe(429);
  });

  it('counts failures per site: the same address on another site is not blocked', async () => {
    const email = uniqueEmail('deux-sites');
    await registerCustomer(testApp.app, 91, { email });
    await registerCustomer(testApp.app, 92, { email });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await login(testApp.app, 91, email, 'Mauvais2026', from('198.51.100.70'));
    }
    expect(
      (await login(testApp.app, 91, email, TEST_PASSWORD, from('198.51.100.71'))).statusCode,
    ).toBe(429);
    expect(
      (await login(testApp.app, 92, email, TEST_PASSWORD, from('198.51.100.72'))).statusCode,
    ).toBe(200);
  });
});

describe('per-IP limits', () => {
  it('answers 429 with the French message once an address has tried to log in too often', async () => {
    const ip = '203.0.113.10';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      statuses.push(
        (await login(testApp.app, 91, uniqueEmail(), 'Mauvais2026', from(ip))).statusCode,
      );
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    const blocked = await login(testApp.app, 91, uniqueEmail(), 'Mauvais2026', from(ip));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect(
      (await login(testApp.app, 91, uniqueEmail(), 'Mauvais2026', from('203.0.113.11'))).statusCode,
    ).toBe(401);
  });

  it('limits registrations per address', async () => {
    const ip = '203.0.113.20';
    const register = () =>
      siteRequest(testApp.app, 91, {
        method: 'POST',
        url: '/register',
        payload: registrationBody(),
        headers: from(ip),
      });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await register()).statusCode).toBe(200);
    const blocked = await register();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooMany);
  });

  it('limits password reset requests per address', async () => {
    const ask = () =>
      siteRequest(testApp.app, 91, {
        method: 'PUT',
        url: '/password/reset/ask',
        payload: { email: uniqueEmail() },
        headers: from('203.0.113.30'),
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).json()).toEqual(tooMany);
  });

  it('limits public newsletter subscriptions per address', async () => {
    const subscribe = () =>
      siteRequest(testApp.app, 91, {
        method: 'POST',
        url: '/newsletter/subscribe',
        payload: { email: uniqueEmail() },
        headers: from('203.0.113.40'),
      });
    expect((await subscribe()).statusCode).toBe(200);
    expect((await subscribe()).statusCode).toBe(200);
    expect((await subscribe()).statusCode).toBe(429);
  });

  it('does not believe X-Forwarded-For from a peer that is not the storefront', async () => {
    const direct = (forwardedFor: string) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/password/reset/ask',
        remoteAddress: '192.0.2.77',
        headers: { siteId: '91', 'x-forwarded-for': forwardedFor },
        payload: { email: uniqueEmail() },
      });
    expect((await direct('10.0.0.1')).statusCode).toBe(200);
    expect((await direct('10.0.0.2')).statusCode).toBe(200);
    // A new forged address each time does not give new attempts: the peer's address counts.
    expect((await direct('10.0.0.3')).statusCode).toBe(429);
  });
});

describe('the client address behind the per-address login limit', () => {
  /** A failed login (unknown account, so that only the per-address limit can answer 429). */
  const failedLogin = (remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress,
      headers: { siteId: '91', ...headers },
      payload: { email: uniqueEmail('adresse'), password: 'Mauvais2026' },
    });

  /** Requests until the first 429 (Infinity when 40 were not refused). */
  async function requestsUntilRefused(send: (attempt: number) => ReturnType<typeof failedLogin>) {
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      if ((await send(attempt)).statusCode === 429) return attempt;
    }
    return Infinity;
  }

  it('trips at the same count whatever X-Forwarded-For another local process sends', async () => {
    // 127.0.0.2 is on the machine but is not the storefront: its forwarding headers are its own.
    const spoofed = await requestsUntilRefused((attempt) =>
      failedLogin('127.0.0.2', { 'x-forwarded-for': `203.0.113.${attempt}` }),
    );
    const plain = await requestsUntilRefused(() => failedLogin('127.0.0.3'));
    expect(spoofed).toBe(9);
    expect(plain).toBe(9);
  });

  it('gives two real addresses separate budgets', async () => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await failedLogin('198.51.100.201')).statusCode).toBe(401);
    }
    expect((await failedLogin('198.51.100.201')).statusCode).toBe(429);
    expect((await failedLogin('198.51.100.202')).statusCode).toBe(401);
  });

  it('does not believe the forwarding headers of ::1, only those of the storefront at 127.0.0.1', async () => {
    const fromIpv6Loopback = await requestsUntilRefused((attempt) =>
      failedLogin('::1', { 'x-forwarded-for': `203.0.113.${100 + attempt}` }),
    );
    expect(fromIpv6Loopback).toBe(9);
  });

  it('counts each visitor the storefront forwards by the address it wrote', async () => {
    const fromStorefront = (visitor: string) =>
      failedLogin('127.0.0.1', { 'x-forwarded-for': visitor });
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      expect((await fromStorefront('192.0.2.150')).statusCode).toBe(401);
    }
    expect((await fromStorefront('192.0.2.150')).statusCode).toBe(429);
    expect((await fromStorefront('192.0.2.151')).statusCode).toBe(401);
  });
});

describe('FailureCounter', () => {
  it('forgets failures older than its window', () => {
    let now = 0;
    const counter = new FailureCounter({ max: 2, timeWindowMs: 1000 }, () => now);
    counter.recordFailure('91:a@example.fr');
    now = 500;
    counter.recordFailure('91:a@example.fr');
    expect(counter.isBlocked('91:a@example.fr')).toBe(true);
    now = 1001;
    expect(counter.isBlocked('91:a@example.fr')).toBe(false);
  });

  it('starts afresh after a reset', () => {
    const counter = new FailureCounter({ max: 1, timeWindowMs: 1000 });
    counter.recordFailure('k');
    expect(counter.isBlocked('k')).toBe(true);
    counter.reset('k');
    expect(counter.isBlocked('k')).toBe(false);
  });

  it('keeps a bounded number of keys', () => {
    const counter = new FailureCounter({ max: 1, timeWindowMs: 60_000 }, Date.now, 2);
    counter.recordFailure('first');
    counter.recordFailure('second');
    counter.recordFailure('third');
    expect(counter.isBlocked('first')).toBe(false);
    expect(counter.isBlocked('third')).toBe(true);
  });
});
