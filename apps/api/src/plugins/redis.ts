import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { SiteCacheKey } from '../lib/site-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL), or null: a single process keeps its counters in memory. */
    redis: Redis | null;
  }
}

/** Every key this API writes starts with it, so that one Redis can serve other programs too. */
export const DEFAULT_REDIS_KEY_PREFIX = 'comptoir:';

export function createRedisClient(url: string, keyPrefix = DEFAULT_REDIS_KEY_PREFIX): Redis {
  return new Redis(url, {
    keyPrefix,
    // A request waiting on a Redis that is down fails after a short while instead of hanging:
    // /ready reports the outage and the load balancer sends the traffic elsewhere.
    maxRetriesPerRequest: 2,
    connectTimeout: 2_000,
  });
}

/**
 * Rate limits and login failure counters go to Redis when REDIS_URL is set, so that every API
 * instance counts the same attempts (decision 0067); without it they stay in this process.
 */
export function registerRedis(
  app: FastifyInstance,
  options: { url: string | undefined; keyPrefix?: string },
): void {
  const redis = options.url ? createRedisClient(options.url, options.keyPrefix) : null;
  // Reconnection is ioredis's job; its errors are logged, never thrown at the process.
  redis?.on('error', (error: unknown) => app.log.warn({ err: error }, 'Redis connection error'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    if (redis && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
  });
  if (redis) shareSiteCacheInvalidations(app, redis);
}

/** Channel names are not prefixed by ioredis: the prefix is written here. */
const SITE_CACHE_CHANNEL = 'site-cache-invalidate';

/**
 * Every instance keeps the per-site reference data in memory (SiteCache): a write through one
 * instance must drop it on all. invalidateSite still drops the entry here at once, and publishes
 * it; each instance (this one too, harmlessly) drops it when the message arrives, in milliseconds.
 */
function shareSiteCacheInvalidations(app: FastifyInstance, redis: Redis): void {
  const channel = `${redis.options.keyPrefix ?? ''}${SITE_CACHE_CHANNEL}`;
  const cache = app.siteCache;
  const invalidateHere = cache.invalidateSite.bind(cache);
  cache.invalidateSite = (siteId, key) => {
    invalidateHere(siteId, key);
    redis
      .publish(channel, JSON.stringify({ siteId, key: key ?? null }))
      .catch((error: unknown) => app.log.error({ err: error }, 'Site cache invalidation not sent'));
  };
  const subscriber = redis.duplicate();
  subscriber.on('error', (error: unknown) =>
    app.log.warn({ err: error }, 'Redis subscriber error'),
  );
  subscriber.on('message', (_channel: string, message: string) => {
    const { siteId, key } = JSON.parse(message) as { siteId: number; key: SiteCacheKey | null };
    invalidateHere(siteId, key ?? undefined);
  });
  subscriber.subscribe(channel).catch((error: unknown) => {
    app.log.error({ err: error }, 'Site cache invalidations not received');
  });
  app.addHook('onClose', async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  });
}
