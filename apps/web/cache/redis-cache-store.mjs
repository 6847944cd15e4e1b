// What the storefront's two cache handlers share in Redis (decision 0071): the connection, the
// entries' bytes and the tag manifest, that is when each tag was last revalidated. Plain
// JavaScript: Next imports the handlers with Node's import() at start, outside its build.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {typeof import('ioredis').Redis} */
const Redis = require('ioredis').Redis;

export const KEY_PREFIX = 'comptoir:next:';
/** Each instance hears on it the tags revalidated anywhere (server.ts drops its page copies). */
export const TAGS_CHANNEL = `${KEY_PREFIX}tags-revalidated`;
/** Longest life of an entry in Redis, whatever its profile says: an old build's keys go too. */
export const MAX_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Opens the store on `redisUrl`. Every call opens its own connection: a process keeps one store
 * (see `processStore`), tests open two to play two instances.
 *
 * @param {{ redisUrl: string, keyPrefix?: string, log?: (message: string) => void }} options
 */
export function createRedisCacheStore({ redisUrl, keyPrefix = KEY_PREFIX, log = console.error }) {
  const redis = new Redis(redisUrl, {
    // Connected by the first command, in a request: while Next loads at start, the event loop is
    // too busy for a connection's timeout to mean anything.
    lazyConnect: true,
    // A read that waits for a Redis that is down would hold the page: fail fast, render without.
    connectTimeout: 1_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
  });
  const staleKey = `${keyPrefix}tags:stale`;
  const expiredKey = `${keyPrefix}tags:expired`;
  const channel = keyPrefix === KEY_PREFIX ? TAGS_CHANNEL : `${keyPrefix}tags-revalidated`;
  /** Set when a connection failed and until one succeeds: reads are then misses at once. */
  let down = false;
  /** One line per outage, not one per request. */
  let reported = false;
  /** Outages so far: a handler's own copies of one outage are not served in the next. */
  let outages = 0;

  redis.on('error', (error) => {
    down = true;
    if (!reported) {
      reported = true;
      outages += 1;
      log(
        `[storefront] shared cache (Redis) unavailable, pages render without it: ${error.message}`,
      );
    }
  });
  redis.on('ready', () => {
    if (reported) log('[storefront] shared cache (Redis) reachable again');
    down = false;
    reported = false;
  });

  /**
   * Runs `command` on Redis; a failure (or a Redis known to be down) gives `fallback` instead:
   * the shared cache is an optimisation, never a reason for a page to fail.
   *
   * @template T
   * @param {(client: import('ioredis').Redis) => Promise<T>} command
   * @param {T} fallback
   * @returns {Promise<T>}
   */
  async function attempt(command, fallback) {
    if (down && redis.status !== 'ready') return fallback;
    try {
      return await command(redis);
    } catch (error) {
      if (!reported) {
        reported = true;
        outages += 1;
        log(`[storefront] shared cache (Redis) failed, pages render without it: ${String(error)}`);
      }
      return fallback;
    }
  }

  /** @param {string | null} value */
  const timestamp = (value) => (value === null ? undefined : Number(value));

  return {
    redis,
    keyPrefix,
    channel,
    /** How many outages this store has met (see `outages` above). */
    outages: () => outages,
    /**
     * The entry's bytes; null when Redis has none, undefined when Redis did not answer (the
     * caller then reads its own copies, decision 0113).
     *
     * @param {string} key
     * @returns {Promise<Buffer | null | undefined>}
     */
    read: (key) =>
      attempt(
        (client) => client.getBuffer(keyPrefix + key),
        /** @type {Buffer | null | undefined} */ (undefined),
      ),
    /**
     * @param {string} key
     * @param {Buffer} value
     * @param {number} ttlSeconds
     * @returns {Promise<boolean>} whether Redis holds it now
     */
    write: (key, value, ttlSeconds) =>
      attempt(async (client) => {
        const seconds = Math.max(1, Math.min(Math.ceil(ttlSeconds), MAX_TTL_SECONDS));
        await client.set(keyPrefix + key, value, 'EX', seconds);
        return true;
      }, false),
    /** @param {string} key */
    remove: (key) => attempt((client) => client.del(keyPrefix + key), 0),
    /**
     * Takes `key` for `ttlMs` unless another holds it. Redis unreachable: taken (this instance
     * then does the work itself, as it would alone).
     *
     * @param {string} key
     * @param {number} ttlMs
     * @returns {Promise<boolean>}
     */
    claim: (key, ttlMs) =>
      attempt(
        async (client) => (await client.set(keyPrefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK',
        true,
      ),
    /**
     * The whole tag manifest (refreshTags, once per request).
     * @returns {Promise<Map<string, { stale?: number, expired?: number }> | null>} null on failure
     */
    readManifest: () =>
      attempt(async (client) => {
        const [[staleError, stale], [expiredError, expired]] =
          /** @type {[Error|null, Record<string,string>][]} */ (
            await client.multi().hgetall(staleKey).hgetall(expiredKey).exec()
          );
        if (staleError || expiredError) throw staleError ?? expiredError;
        /** @type {Map<string, { stale?: number, expired?: number }>} */
        const manifest = new Map();
        for (const [tag, value] of Object.entries(stale))
          manifest.set(tag, { stale: Number(value) });
        for (const [tag, value] of Object.entries(expired)) {
          manifest.set(tag, { ...manifest.get(tag), expired: Number(value) });
        }
        return manifest;
      }, null),
    /**
     * The manifest's entries of these tags only (a page's tags, on each read of a page).
     * @param {string[]} tags
     * @returns {Promise<Map<string, { stale?: number, expired?: number }> | null>} null on failure
     */
    readTags: (tags) =>
      attempt(async (client) => {
        /** @type {Map<string, { stale?: number, expired?: number }>} */
        const manifest = new Map();
        if (tags.length === 0) return manifest;
        const [[staleError, stale], [expiredError, expired]] =
          /** @type {[Error|null, (string|null)[]][]} */ (
            await client
              .multi()
              .hmget(staleKey, ...tags)
              .hmget(expiredKey, ...tags)
              .exec()
          );
        if (staleError || expiredError) throw staleError ?? expiredError;
        tags.forEach((tag, index) => {
          const entry = {
            stale: timestamp(stale[index] ?? null),
            expired: timestamp(expired[index] ?? null),
          };
          if (entry.stale !== undefined || entry.expired !== undefined) manifest.set(tag, entry);
        });
        return manifest;
      }, null),
    /**
     * Records a revalidation of these tags, as Next's own handlers do in memory: with durations,
     * stale now and expired after `expire` seconds; without, expired now. Then tells every
     * instance (after the write, so that what they read next is already the new manifest).
     *
     * @param {string[]} tags
     * @param {{ expire?: number } | undefined} durations
     * @param {number} now
     * @returns {Promise<boolean>} whether Redis holds it
     */
    updateTags: (tags, durations, now) =>
      attempt(async (client) => {
        if (tags.length === 0) return true;
        const transaction = client.multi();
        const fields = (/** @type {number} */ value) => tags.flatMap((tag) => [tag, String(value)]);
        if (durations) {
          transaction.hset(staleKey, ...fields(now));
          if (durations.expire !== undefined) {
            transaction.hset(expiredKey, ...fields(now + durations.expire * 1000));
          }
        } else {
          transaction.hset(expiredKey, ...fields(now));
        }
        transaction.publish(channel, JSON.stringify({ tags }));
        const results = await transaction.exec();
        const failure = results?.find(([error]) => error)?.[0];
        if (failure) throw failure;
        return true;
      }, false),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** @typedef {ReturnType<typeof createRedisCacheStore>} RedisCacheStore */

// On globalThis: Next may load a handler file more than once (one copy per bundle boundary).
const STORE = Symbol.for('comptoir.next-redis-cache-store');

/**
 * The process's one store on REDIS_URL, or null without it. Both handlers use it: Next builds a
 * new incremental cache handler for each request, and one connection serves them all.
 *
 * @returns {RedisCacheStore | null}
 */
export function processStore() {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) return null;
  const holder = /** @type {{ [STORE]?: RedisCacheStore }} */ (globalThis);
  holder[STORE] ??= createRedisCacheStore({ redisUrl });
  return holder[STORE];
}
/**
 * Whether one of `tags` was expired after `timestamp` (and the expiry has come): Next's own rule
 * (tags-manifest.external.js), on a manifest from Redis.
 *
 * @param {Map<string, { stale?: number, expired?: number }>} manifest
 * @param {string[]} tags
 * @param {number} timestamp
 * @param {number} now
 */
export function areTagsExpired(manifest, tags, timestamp, now) {
  return tags.some((tag) => {
    const expired = manifest.get(tag)?.expired;
    return typeof expired === 'number' && expired <= now && expired > timestamp;
  });
}

/**
 * Whether one of `tags` was marked stale after `timestamp`.
 *
 * @param {Map<string, { stale?: number, expired?: number }>} manifest
 * @param {string[]} tags
 * @param {number} timestamp
 */
export function areTagsStale(manifest, tags, timestamp) {
  return tags.some((tag) => (manifest.get(tag)?.stale ?? 0) > timestamp);
}
