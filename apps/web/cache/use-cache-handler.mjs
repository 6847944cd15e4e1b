// The storefront's `cacheHandlers.default` (next.config.ts, decision 0071): the 'use cache'
// entries of every instance in one Redis, with the tag manifest there too, so that a tag
// revalidated on one instance is expired on all. Without REDIS_URL, Next's own in-memory handler.
// The interface is Next's (next/dist/server/lib/cache-handlers/types.d.ts); the in-memory
// reference is next/dist/server/lib/cache-handlers/default.js, whose rules this follows.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { areTagsExpired, areTagsStale, processStore } from './redis-cache-store.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('next/dist/server/lib/cache-handlers/default').createDefaultCacheHandler} */
const createDefaultCacheHandler =
  require('next/dist/server/lib/cache-handlers/default.js').createDefaultCacheHandler;

/** Next's own default for its in-memory handler (`cacheMaxMemorySize`, left unset here). */
const DEFAULT_MEMORY_BYTES = 50 * 1024 * 1024;

/**
 * An entry in Redis: 4 bytes giving the length of its JSON metadata (tags, timestamp, stale,
 * revalidate, expire), the metadata, then the value's bytes as they are.
 *
 * @param {Omit<import('next/dist/server/lib/cache-handlers/types').CacheEntry, 'value'>} metadata
 * @param {Buffer} value
 */
export function encodeEntry(metadata, value) {
  const json = Buffer.from(JSON.stringify(metadata), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.byteLength);
  return Buffer.concat([length, json, value]);
}

/** @param {Buffer} stored */
export function decodeEntry(stored) {
  const length = stored.readUInt32BE(0);
  /** @type {Omit<import('next/dist/server/lib/cache-handlers/types').CacheEntry, 'value'>} */
  const metadata = JSON.parse(stored.subarray(4, 4 + length).toString('utf8'));
  return { metadata, value: stored.subarray(4 + length) };
}

/** @param {ReadableStream<Uint8Array>} stream */
async function bufferOf(stream) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  for await (const chunk of /** @type {AsyncIterable<Uint8Array>} */ (stream)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A new stream over the stored bytes for every read (the interface's rule). */
function streamOf(/** @type {Buffer} */ bytes) {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

/**
 * @param {import('./redis-cache-store.mjs').RedisCacheStore} store
 * @param {{ now?: () => number, memoryBytes?: number }} [options]
 * @returns {import('next/dist/server/lib/cache-handlers/types').CacheHandler}
 */
export function createRedisUseCacheHandler(
  store,
  { now = Date.now, memoryBytes = DEFAULT_MEMORY_BYTES } = {},
) {
  /**
   * This process's own copies, as Next keeps them without Redis: written when Redis refuses an
   * entry and read when it does not answer, so that pages keep coming from memory during an
   * outage instead of being computed on every visit (decision 0113). Each outage starts with an
   * empty one: what was kept in an earlier outage may have been revalidated elsewhere since.
   */
  let memory = createDefaultCacheHandler(memoryBytes);
  let memoryOutage = store.outages();
  const ownCopies = () => {
    if (store.outages() !== memoryOutage) {
      memory = createDefaultCacheHandler(memoryBytes);
      memoryOutage = store.outages();
    }
    return memory;
  };
  /** Sets still reading their value: a read of the same key waits for them. */
  /** @type {Map<string, Promise<void>>} */
  const pendingSets = new Map();
  /** The tag manifest as Redis had it at this request's start (refreshTags). */
  /** @type {Map<string, { stale?: number, expired?: number }>} */
  let manifest = new Map();
  // Next's cache keys hold the build id and the serialised arguments: hashed, they stay short.
  const keyOf = (/** @type {string} */ cacheKey) =>
    `uc:${createHash('sha256').update(cacheKey).digest('base64url')}`;

  return {
    async get(cacheKey, softTags) {
      const pending = pendingSets.get(cacheKey);
      if (pending) await pending;
      const stored = await store.read(keyOf(cacheKey));
      if (stored === undefined) return ownCopies().get(cacheKey, softTags);
      if (!stored) return undefined;
      const { metadata, value } = decodeEntry(stored);
      // Next checks `expire` against the timestamp itself; the tags are this handler's part.
      if (areTagsExpired(manifest, metadata.tags, metadata.timestamp, now())) return undefined;
      // Stale: served once more while Next renders a fresh one (as Next's own handler says -1).
      const revalidate = areTagsStale(manifest, metadata.tags, metadata.timestamp)
        ? -1
        : metadata.revalidate;
      return { ...metadata, revalidate, value: streamOf(value) };
    },

    async set(cacheKey, pendingEntry) {
      /** @type {() => void} */
      let settle = () => {};
      const pending = new Promise((resolve) => (settle = () => resolve(undefined)));
      pendingSets.set(cacheKey, pending);
      try {
        const entry = await pendingEntry;
        // Dynamic in production: regenerated on every read, never served from a copy (as Next's
        // own handler does, the dev server excepted).
        if (!process.env.__NEXT_DEV_SERVER && entry.expire === 0) return;
        const value = await bufferOf(entry.value);
        const { value: _stream, ...metadata } = entry;
        const shared = await store.write(
          keyOf(cacheKey),
          encodeEntry(metadata, value),
          entry.expire,
        );
        if (!shared)
          await ownCopies().set(cacheKey, Promise.resolve({ ...entry, value: streamOf(value) }));
      } catch {
        // The value's stream failed: nothing is kept, the next read renders again.
      } finally {
        settle();
        if (pendingSets.get(cacheKey) === pending) pendingSets.delete(cacheKey);
      }
    },

    async refreshTags() {
      // Redis unreachable: the last manifest read stays (its entries cannot be read either).
      manifest = (await store.readManifest()) ?? manifest;
    },

    async getExpiration(tags) {
      return Math.max(0, ...tags.map((tag) => manifest.get(tag)?.expired ?? 0));
    },

    async updateTags(tags, durations) {
      const at = now();
      // This instance at once, before its next refresh; every instance through Redis.
      for (const tag of tags) {
        const entry = { ...manifest.get(tag) };
        if (durations) {
          entry.stale = at;
          if (durations.expire !== undefined) entry.expired = at + durations.expire * 1000;
        } else entry.expired = at;
        manifest.set(tag, entry);
      }
      // The own copies follow the same rules (Next's handler, on the process's tag manifest).
      await memory.updateTags(tags, durations);
      await store.updateTags(tags, durations, at);
    },
  };
}

const store = processStore();

export default store
  ? createRedisUseCacheHandler(store)
  : createDefaultCacheHandler(DEFAULT_MEMORY_BYTES);
