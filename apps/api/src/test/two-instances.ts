import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AuthLimits } from '../lib/rate-limits';
import { connectedRedisClient } from '../plugins/redis';
import { createTestApp, type TestApp } from './test-app';

export interface TwoInstances {
  /** The first instance, with its test database. */
  readonly first: TestApp;
  /** A second instance on the same database and the same Redis. */
  readonly second: FastifyInstance;
  /** The prefix of both instances' Redis keys. */
  readonly keyPrefix: string;
}

/**
 * Two API instances on one database and one Redis (decisions 0067, 0073), set up before the
 * describe block's tests and closed after them; their Redis keys live under a prefix of their
 * own and are deleted at the end. Call inside a describe block.
 */
export function twoInstancesOnOneRedis(
  redisUrl: string,
  limits: Partial<AuthLimits>,
): TwoInstances {
  const keyPrefix = `comptoir-test:${randomBytes(4).toString('hex')}:`;
  let first: TestApp | undefined;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl };
    first = await createTestApp({ env, authLimits: limits, redisKeyPrefix: keyPrefix });
    second = buildApp({
      database: first.database,
      config: loadConfig({ ...env, DATA_DIR: process.env.TMPDIR ?? '/tmp' }),
      authLimits: limits,
      redisKeyPrefix: keyPrefix,
    });
  });
  afterAll(async () => {
    const redis = await connectedRedisClient(redisUrl, '');
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await second?.close();
    await first?.close();
  });
  return {
    keyPrefix,
    get first() {
      if (!first) throw new Error('the two instances start in beforeAll');
      return first;
    },
    get second() {
      if (!second) throw new Error('the two instances start in beforeAll');
      return second;
    },
  };
}
