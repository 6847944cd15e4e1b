import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { FailureCounter, type RateLimit } from '../lib/rate-limits';
import { SharedCounters } from '../lib/shared-counters';
import type { SiteCacheKey } from '../lib/site-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL), or null: a single process keeps its counters in memory. */
    redis: Redis | null;
    /** The counters of every instance, in Redis or, while it does not answer, in this process. */
    sharedCounters: SharedCounters;
  }
}

/** A command on a Redis that hangs gives up after this, and the request counts in the process. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Every key this API writes starts with it, so that one Redis can serve other programs too. */
export const DEFAULT_REDIS_KEY_PREFIX = 'comptoir:';

export function createRedisClient(url: string, keyPrefix = DEFAULT_REDIS_KEY_PREFIX): Redis {
  return new Redis(url, {
    keyPrefix,
    // A request never waits on a Redis that is down (decision 0113): while the connection is
    // down a command fails at once (no offline queue), on a Redis that hangs after a short
    // timeout, and the caller counts in its own process. /ready reports the outage meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
  });
}

/** A client whose connection is made (scripts and tests: their first command must not fail). */
export async function connectedRedisClient(url: string, keyPrefix?: string): Promise<Redis> {
  const redis = createRedisClient(url, keyPrefix);
  await whenConnected(redis);
  return redis;
}

/**
 * Waits until the client is connected (commands fail at once before: no offline queue); rejects
 * on the first failed attempt or after `timeoutMs`.
 */
export function whenConnected(redis: Redis, timeoutMs = 2_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const timer = setTimeout(
      () => done(new Error(`Redis not connected after ${timeoutMs} ms (${redis.status})`)),
      timeoutMs,
    );
    redis.once('ready', done);
    redis.once('error', done);
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
  const counters = new SharedCounters(redis, app.log);
  // Reconnection is ioredis's job; its errors, one per attempt, make the outage's one warning.
  redis?.on('error', (error: unknown) => counters.reportFailure(error));
  // A Redis that stops closes its connections cleanly: ioredis reconnects without an error yet.
  redis?.on('reconnecting', () => counters.reportFailure(new Error('Redis connection lost')));
  app.decorate('redis', redis);
  app.decorate('sharedCounters', counters);
  if (redis) {
    // The first requests find the connection made; a Redis down at start is an outage like any.
    app.addHook('onReady', async () => {
      await whenConnected(redis).catch((error: unknown) => counters.reportFailure(error));
    });
  }
  app.addHook('onClose', async () => {
    if (redis) await closeRedis(redis);
  });
  if (redis) shareSiteCacheInvalidations(app, redis, counters);
}

/** QUIT when connected; otherwise drop the connection (a QUIT would wait for a Redis that is down). */
async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** Channel names are not prefixed by ioredis: the prefix is written here. */
const SITE_CACHE_CHANNEL = 'site-cache-invalidate';

/**
 * Every instance keeps the per-site reference data in memory (SiteCache): a write through one
 * instance must drop it on all. invalidateSite still drops the entry here at once, and publishes
 * it; each instance (this one too, harmlessly) drops it when the message arrives, in milliseconds.
 */
function shareSiteCacheInvalidations(
  app: FastifyInstance,
  redis: Redis,
  counters: SharedCounters,
): void {
  const channel = `${redis.options.keyPrefix ?? ''}${SITE_CACHE_CHANNEL}`;
  const cache = app.siteCache;
  const invalidateHere = cache.invalidateSite.bind(cache);
  cache.invalidateSite = (siteId, key) => {
    invalidateHere(siteId, key);
    // While Redis is down the message cannot go (the outage's warning says so once); the other
    // instances drop their whole cache when it is back (below).
    void counters.use(
      (shared) => shared.publish(channel, JSON.stringify({ siteId, key: key ?? null })),
      () => 0,
    );
  };
  // Writes made on other instances during an outage were never heard: forget every site's data.
  counters.onRecovered(() => {
    for (const siteId of cache.cachedSiteIds()) invalidateHere(siteId);
  });
  // Subscribing waits for the connection (a queue of its own), and is made again after each
  // reconnection by ioredis; its errors are the main connection's outage, already reported.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  subscriber.on('error', () => {});
  subscriber.on('message', (_channel: string, message: string) => {
    const { siteId, key } = JSON.parse(message) as { siteId: number; key: SiteCacheKey | null };
    invalidateHere(siteId, key ?? undefined);
  });
  let closing = false;
  subscriber.subscribe(channel).catch((error: unknown) => {
    if (!closing) app.log.error({ err: error }, 'Site cache invalidations not received');
  });
  app.addHook('onClose', async () => {
    closing = true;
    await closeRedis(subscriber);
  });
}

/** One count a request is about to add: a named counter, its key, and the counter's window. */
export interface QuotaClaim {
  counter: string;
  key: string;
  limit: RateLimit;
}

/**
 * Sliding-window counts that a request checks and adds to in one step: either every claim has
 * room and each is counted, or none is counted. MailLimiter and NewCartLimiter (decision 0073)
 * need the step to be one: a check then a separate count would let simultaneous requests on
 * several instances all pass the check and open more than the limit.
 */
export interface SharedQuota {
  /** Counts every claim and answers null, or counts nothing and answers the first full claim's index. */
  claim(claims: readonly QuotaClaim[]): Promise<number | null>;
  /** The first full claim's index, or null; counts nothing (a refusal before any work). */
  firstFull(claims: readonly QuotaClaim[]): Promise<number | null>;
}

/** In this process: the check and the count run with no await between them, hence as one step. */
export function inMemoryQuota(now: () => number = Date.now): SharedQuota {
  const counters = new Map<string, FailureCounter>();
  const counterOf = ({ counter, limit }: QuotaClaim) => {
    const name = `${counter}|${limit.max}|${limit.timeWindowMs}`;
    let found = counters.get(name);
    if (!found) {
      found = new FailureCounter(limit, now);
      counters.set(name, found);
    }
    return found;
  };
  const firstFull = (claims: readonly QuotaClaim[]) => {
    const index = claims.findIndex((claim) => counterOf(claim).isBlocked(claim.key));
    return index === -1 ? null : index;
  };
  return {
    async claim(claims) {
      const full = firstFull(claims);
      if (full !== null) return full;
      for (const claim of claims) counterOf(claim).recordFailure(claim.key);
      return null;
    },
    async firstFull(claims) {
      return firstFull(claims);
    },
  };
}

/*
 * The check and the count in one Lua script, which Redis runs alone: two instances can never both
 * take the last place. KEYS: one sorted set per claim (a member per use, scored by its time).
 * ARGV: the time, a unique member, whether to count, then each claim's window and maximum.
 * Answers the 1-based index of the first full claim, or 0.
 */
const CLAIM_SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local count = ARGV[3] == '1'
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + 2 * i]) then return i end
end
if count then
  for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, member)
    redis.call('PEXPIRE', key, tonumber(ARGV[2 + 2 * i]))
  end
end
return 0
`;

/** The same counts in the Redis every instance shares (keys `quota:<counter>:<key>`). */
export function redisQuota(redis: Redis, now: () => number = Date.now): SharedQuota {
  async function run(claims: readonly QuotaClaim[], count: boolean): Promise<number | null> {
    if (claims.length === 0) return null;
    const time = now();
    const keys = claims.map(({ counter, key }) => `quota:${counter}:${key}`);
    const limits = claims.flatMap(({ limit }) => [limit.timeWindowMs, limit.max]);
    // ioredis adds its key prefix to the KEYS of a script as to any other command's keys.
    const full = (await redis.eval(
      CLAIM_SCRIPT,
      keys.length,
      ...keys,
      time,
      `${time}:${randomUUID()}`,
      count ? '1' : '0',
      ...limits,
    )) as number;
    return full === 0 ? null : full - 1;
  }
  return {
    claim: (claims) => run(claims, true),
    firstFull: (claims) => run(claims, false),
  };
}

/**
 * Redis when the app has one (REDIS_URL), and this process while Redis does not answer
 * (decision 0113); this process alone otherwise.
 */
export function sharedQuota(counters: SharedCounters, now: () => number = Date.now): SharedQuota {
  return counters.twin(counters.redis ? redisQuota(counters.redis, now) : null, inMemoryQuota(now));
}
