import { describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { TOO_MANY_CARTS_MESSAGE } from '@comptoir/contract/cart';
import type { AuthLimits } from '../lib/rate-limits';
import { NewCartLimiter } from '../modules/cart';
import {
  MailLimiter,
  TOO_MANY_MAILS_TO_ADDRESS_MESSAGE,
  TOO_MANY_MAILS_TO_SITE_MESSAGE,
} from '../modules/mail';
import { RELAXED_AUTH_LIMITS, uniqueEmail } from '../test/accounts';
import { openTestCart } from '../test/carts';
import { siteRequest } from '../test/http';
import { twoInstancesOnOneRedis } from '../test/two-instances';
import { SharedCounters } from '../lib/shared-counters';
import { connectedRedisClient } from './redis';

/*
 * The per-recipient mail limits and the anonymous cart limit (decision 0073), and the code-check
 * budget (decision 0080), with two API instances on one database and one Redis: the limit trips
 * at the same total whichever instance serves each try. Runs where a Redis is at TEST_REDIS_URL
 * (.ci/run starts one).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR = 3_600_000;
const MAILS_PER_RECIPIENT = 3;
const SITE_INBOX = 4;
const NEW_CARTS = 5;
const CODE_CHECKS_PER_ADDRESS = 4;
const CODE_CHECKS_PER_CART = 3;

const limits: Partial<AuthLimits> = {
  ...RELAXED_AUTH_LIMITS,
  contactMessagePerIp: { max: 1000, timeWindowMs: HOUR },
  mailsPerRecipient: { max: MAILS_PER_RECIPIENT, timeWindowMs: HOUR },
  siteInboxMails: { max: SITE_INBOX, timeWindowMs: HOUR },
  newCartsPerIp: { max: NEW_CARTS, timeWindowMs: HOUR },
  discountChecksPerIp: { max: CODE_CHECKS_PER_ADDRESS, timeWindowMs: HOUR },
  discountChecksPerCart: { max: CODE_CHECKS_PER_CART, timeWindowMs: HOUR },
};

describe.skipIf(!redisUrl)('mail and cart limits shared through Redis by two API instances', () => {
  const apps = twoInstancesOnOneRedis(redisUrl as string, limits);
  /** The instance that serves the n-th try: they take turns. */
  const instance = (attempt: number) => (attempt % 2 === 0 ? apps.first.app : apps.second);

  it('refuses the reset ask past the per-recipient limit, alternating instances', async () => {
    const email = uniqueEmail('partage');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < MAILS_PER_RECIPIENT + 2; attempt += 1) {
      const response = await siteRequest(instance(attempt), 91, {
        method: 'PUT',
        url: '/password/reset/ask',
        payload: { email },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(TOO_MANY_MAILS_TO_ADDRESS_MESSAGE);
      }
    }
    expect(statuses).toEqual([...Array<number>(MAILS_PER_RECIPIENT).fill(200), 429, 429]);
    // Another address is not concerned, on either instance.
    for (const app of [apps.first.app, apps.second]) {
      const other = await siteRequest(app, 91, {
        method: 'PUT',
        url: '/password/reset/ask',
        payload: { email: uniqueEmail('autre') },
      });
      expect(other.statusCode).toBe(200);
    }
  });

  it("refuses the site's inbox past its limit, alternating instances", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SITE_INBOX + 2; attempt += 1) {
      const response = await siteRequest(instance(attempt), 92, {
        method: 'POST',
        url: '/message',
        payload: {
          firstname: 'Louise',
          lastname: 'Marchand',
          email: uniqueEmail('contact'),
          message: 'Bonjour, peut-on visiter le chai samedi prochain avec un groupe de six ?',
          consent: true,
        },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(TOO_MANY_MAILS_TO_SITE_MESSAGE);
      }
    }
    expect(statuses).toEqual([...Array<number>(SITE_INBOX).fill(200), 429, 429]);
  });

  it('refuses the anonymous cart past the per-address limit, alternating instances', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < NEW_CARTS + 2; attempt += 1) {
      const response = await siteRequest(instance(attempt), 92, {
        method: 'POST',
        url: '/cart',
        headers: { 'x-forwarded-for': '198.51.100.41' },
        payload: { type: 'MAIN_CART' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(TOO_MANY_CARTS_MESSAGE);
      }
    }
    expect(statuses).toEqual([...Array<number>(NEW_CARTS).fill(200), 429, 429]);
    const elsewhere = await siteRequest(apps.second, 92, {
      method: 'POST',
      url: '/cart',
      headers: { 'x-forwarded-for': '198.51.100.42' },
      payload: { type: 'MAIN_CART' },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses codes past the per-cart and per-address budgets, alternating instances', async () => {
    const visitor = await openTestCart(apps.first.app, 92);
    const tryCode = (attempt: number, ip: string, cart = visitor) =>
      siteRequest(instance(attempt), 92, {
        method: 'POST',
        url: attempt % 2 === 0 ? '/order/discount' : '/order/validate',
        cookies: cart.cookies,
        headers: { 'x-forwarded-for': ip },
        payload:
          attempt % 2 === 0
            ? { idCart: cart.cart.id, code: `DEVINE${attempt}` }
            : { idCart: cart.cart.id, discountCode: `DEVINE${attempt}` },
      });
    // One cart, a new address for every try.
    const onOneCart: number[] = [];
    for (let attempt = 0; attempt < CODE_CHECKS_PER_CART + 2; attempt += 1) {
      const response = await tryCode(attempt, `198.51.100.${60 + attempt}`);
      onOneCart.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
      }
    }
    expect(onOneCart.slice(0, CODE_CHECKS_PER_CART).every((status) => status !== 429)).toBe(true);
    expect(onOneCart.slice(CODE_CHECKS_PER_CART)).toEqual([429, 429]);

    // One address, three carts in turn (two tries each: none reaches its cart's budget).
    const carts = [];
    for (let cart = 0; cart < 3; cart += 1) carts.push(await openTestCart(apps.first.app, 92));
    const fromOneAddress: number[] = [];
    for (let attempt = 0; attempt < CODE_CHECKS_PER_ADDRESS + 2; attempt += 1) {
      const cart = carts[attempt % carts.length];
      fromOneAddress.push((await tryCode(attempt, '198.51.100.90', cart)).statusCode);
    }
    expect(fromOneAddress.slice(0, CODE_CHECKS_PER_ADDRESS).every((status) => status !== 429)).toBe(
      true,
    );
    expect(fromOneAddress.slice(CODE_CHECKS_PER_ADDRESS)).toEqual([429, 429]);
  });

  it('never lets simultaneous tries on two instances past the limit', async () => {
    // Two clients, as two instances would have.
    const one = await connectedRedisClient(redisUrl as string, apps.keyPrefix);
    const two = await connectedRedisClient(redisUrl as string, apps.keyPrefix);
    try {
      const limit = { max: 3, timeWindowMs: HOUR };
      const limiters = [one, two].map(
        (redis) => new NewCartLimiter(limit, { counters: new SharedCounters(redis) }),
      );
      const mails = [one, two].map(
        (redis) =>
          new MailLimiter(
            { mailsPerRecipient: limit, siteInboxMails: limit },
            { counters: new SharedCounters(redis) },
          ),
      );
      const ip = '2001:db8:42:7::1';
      const carts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, index) => limiters[index % 2]!.admit(ip)),
      );
      expect(carts.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
      const email = uniqueEmail('simultane');
      const sent = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          mails[index % 2]!.allows({ siteId: 92, kind: 'newsletter', recipients: [email] }),
        ),
      );
      expect(sent.filter(Boolean)).toHaveLength(3);
    } finally {
      await Promise.all([one, two].map((redis) => redis.quit()));
    }
  });

  it('keeps the sliding window in Redis: a refused try counts nothing, old ones leave', async () => {
    const redis = await connectedRedisClient(redisUrl as string, apps.keyPrefix);
    try {
      let now = 5_000_000;
      const limiter = new MailLimiter(
        {
          mailsPerRecipient: { max: 1, timeWindowMs: HOUR },
          siteInboxMails: { max: 1, timeWindowMs: HOUR },
        },
        { counters: new SharedCounters(redis), now: () => now },
      );
      const email = uniqueEmail('fenetre');
      await limiter.admit({ siteId: 93, kind: 'site-notice', siteInbox: true });
      // The inbox is full: refused, and the recipient not counted.
      await expect(
        limiter.admit({ siteId: 93, kind: 'registration', recipients: [email], siteInbox: true }),
      ).rejects.toThrow(TOO_MANY_MAILS_TO_SITE_MESSAGE);
      await limiter.admit({ siteId: 93, kind: 'registration', recipients: [email.toUpperCase()] });
      await expect(
        limiter.admit({ siteId: 93, kind: 'registration', recipients: [email] }),
      ).rejects.toThrow(TOO_MANY_MAILS_TO_ADDRESS_MESSAGE);
      now += HOUR + 1;
      await limiter.admit({ siteId: 93, kind: 'registration', recipients: [email] });
      await limiter.admit({ siteId: 93, kind: 'site-notice', siteInbox: true });
      // Checking a cart limit counts nothing.
      const carts = new NewCartLimiter(
        { max: 1, timeWindowMs: HOUR },
        { counters: new SharedCounters(redis), now: () => now },
      );
      await carts.check('203.0.113.9');
      await carts.check('203.0.113.9');
      await carts.admit('203.0.113.9');
      await expect(carts.check('203.0.113.9')).rejects.toThrow(TOO_MANY_CARTS_MESSAGE);
    } finally {
      await redis.quit();
    }
  });
});
