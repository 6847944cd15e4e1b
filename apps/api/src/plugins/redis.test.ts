import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@comptoir/contract/auth';
import { LoginLockout, type AuthLimits } from '../lib/rate-limits';
import { login, registerCustomer, TEST_PASSWORD, uniqueEmail } from '../test/accounts';
import { twoInstancesOnOneRedis } from '../test/two-instances';
import { SharedCounters } from '../lib/shared-counters';
import { connectedRedisClient } from './redis';

/*
 * Two API instances on one database and one Redis (REDIS_URL): the limits are the same total
 * whichever instance each try lands on. Runs where a Redis is at TEST_REDIS_URL (.ci/run starts one).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const MINUTE = 60_000;
const LOGINS_PER_IP = 6;
const FAILURES_PER_ACCOUNT_AND_IP = 4;

const limits: Partial<AuthLimits> = {
  loginPerIp: { max: LOGINS_PER_IP, timeWindowMs: MINUTE },
  registerPerIp: { max: 1000, timeWindowMs: MINUTE },
  loginFailuresPerAccountAndIp: { max: FAILURES_PER_ACCOUNT_AND_IP, timeWindowMs: MINUTE },
  loginFailuresPerAccount: { max: 100, timeWindowMs: MINUTE },
};

describe.skipIf(!redisUrl)('limits shared through Redis by two API instances', () => {
  const apps = twoInstancesOnOneRedis(redisUrl as string, limits);
  const instances = () => [apps.first.app, apps.second];

  it('trips the per-address login limit at the same total, alternating instances', async () => {
    const from = { 'x-forwarded-for': '198.51.100.21' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LOGINS_PER_IP + 2; attempt += 1) {
      // A new unknown address each time: only the per-address limit can answer 429.
      const response = await login(
        instances()[attempt % 2] as FastifyInstance,
        91,
        uniqueEmail('inconnu'),
        'Mauvais2026',
        from,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(LOGINS_PER_IP).fill(401), 429, 429]);
    // Another address is not concerned.
    const other = await login(apps.second, 91, uniqueEmail(), 'Mauvais2026', {
      'x-forwarded-for': '198.51.100.22',
    });
    expect(other.statusCode).toBe(401);
  });

  it('locks an account out after the same number of failures, whichever instance counts them', async () => {
    const { email } = await registerCustomer(apps.first.app, 91);
    const from = { 'x-forwarded-for': '198.51.100.31' };
    for (let attempt = 0; attempt < FAILURES_PER_ACCOUNT_AND_IP; attempt += 1) {
      const failed = await login(
        instances()[attempt % 2] as FastifyInstance,
        91,
        email,
        'Mauvais2026',
        from,
      );
      expect(failed.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    for (const app of instances()) {
      expect((await login(app, 91, email, TEST_PASSWORD, from)).statusCode).toBe(429);
    }
    // The owner elsewhere logs in on either instance.
    const owner = await login(apps.second, 91, email, TEST_PASSWORD, {
      'x-forwarded-for': '198.51.100.32',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('drops the per-site reference data on every instance when one of them writes', async () => {
    await apps.second.ready();
    await apps.first.app.ready();
    let loads = 0;
    const load = async () => ({ loaded: (loads += 1) });
    await apps.second.siteCache.get(92, 'parameters', load);
    await apps.second.siteCache.get(92, 'parameters', load);
    expect(loads).toBe(1);
    apps.first.app.siteCache.invalidateSite(92, 'parameters');
    const deadline = Date.now() + 2_000;
    while (apps.second.siteCache.cachedSiteIds().includes(92) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await apps.second.siteCache.get(92, 'parameters', load);
    expect(loads).toBe(2);
  });

  it('keeps the sliding window and forgets an account after its password reset', async () => {
    const redis = await connectedRedisClient(redisUrl as string, apps.keyPrefix);
    try {
      let now = 1_000_000;
      const lockout = new LoginLockout(
        {
          loginFailuresPerAccountAndIp: { max: 2, timeWindowMs: MINUTE },
          loginFailuresPerAccount: { max: 3, timeWindowMs: 10 * MINUTE },
        },
        { counters: new SharedCounters(redis), now: () => now },
      );
      const email = uniqueEmail('lea*[x]');
      await lockout.recordFailure(91, email, '192.0.2.1');
      await lockout.recordFailure(91, email.toUpperCase(), '192.0.2.1');
      expect(await lockout.isBlocked(91, email, '192.0.2.1')).toBe(true);
      expect(await lockout.isBlocked(91, email, '192.0.2.2')).toBe(false);
      now += MINUTE + 1;
      expect(await lockout.isBlocked(91, email, '192.0.2.1')).toBe(false);

      await lockout.recordFailure(91, email, '192.0.2.2');
      expect(await lockout.isBlocked(91, email, '192.0.2.9')).toBe(true);
      await lockout.clearAccount(91, email);
      expect(await lockout.isBlocked(91, email, '192.0.2.9')).toBe(false);
      expect(await lockout.isBlocked(91, email, '192.0.2.2')).toBe(false);
    } finally {
      await redis.quit();
    }
  });
});
