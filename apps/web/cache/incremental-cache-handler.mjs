// The storefront's `cacheHandler` (next.config.ts, decision 0071): the rendered pages (Next's
// full-route cache, what `x-nextjs-cache: HIT` answers from) of every instance in one Redis,
// checked against the tag manifest the 'use cache' handler shares (cache/redis-cache-store.mjs).
// Next's own file-system cache stays underneath: it holds the pages prerendered by the build (read
// from .next/server), and everything when REDIS_URL is unset or Redis fails.
// Interface: next/dist/server/lib/incremental-cache/index.d.ts (CacheHandler); reference:
// next/dist/server/lib/incremental-cache/file-system-cache.js.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { areTagsExpired, processStore } from './redis-cache-store.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('next/dist/server/lib/incremental-cache/file-system-cache').default} */
const FileSystemCache =
  require('next/dist/server/lib/incremental-cache/file-system-cache.js').default;
/**
 * The process's tag manifest that Next itself reads (IncrementalCache marks a page stale from
 * it): the entries read from Redis are copied there.
 * @type {typeof import('next/dist/server/lib/incremental-cache/tags-manifest.external').tagsManifest}
 */
const tagsManifest =
  require('next/dist/server/lib/incremental-cache/tags-manifest.external.js').tagsManifest;

/** The header in which Next lists a page's tags, its own and the implicit ones (`_N_T_/…`). */
const TAGS_HEADER = 'x-next-cache-tags';
const TYPE = '__comptoirType';

/**
 * JSON that keeps what a page entry holds besides plain data: Buffers (rscData, a route's body)
 * and Maps (segmentData, of Buffers).
 *
 * @param {unknown} value
 */
export function serializeValue(value) {
  return JSON.stringify(value, function (key, item) {
    // The holder's own value: JSON.stringify hands a Buffer over already turned by its toJSON.
    const raw = /** @type {Record<string, unknown>} */ (this)[key];
    if (raw instanceof Uint8Array) {
      return {
        [TYPE]: 'buffer',
        base64: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64'),
      };
    }
    if (raw instanceof Map) return { [TYPE]: 'map', entries: [...raw.entries()] };
    return item;
  });
}

/** @param {string} text */
export function deserializeValue(text) {
  return JSON.parse(text, (_key, item) => {
    if (item && typeof item === 'object' && TYPE in item) {
      if (item[TYPE] === 'buffer') return Buffer.from(item.base64, 'base64');
      if (item[TYPE] === 'map') return new Map(item.entries);
    }
    return item;
  });
}

/**
 * After a revalidation every instance's next visitor finds the page expired, and each instance
 * would render it at once, on the same cores. The first to find it expired claims its render for
 * RENDER_CLAIM_MS; the others wait up to RENDER_WAIT_MS for the new page in Redis (polled every
 * RENDER_POLL_MS), then render it themselves (the claimer may have stopped).
 */
const RENDER_CLAIM_MS = 5_000;
const RENDER_WAIT_MS = 3_000;
const RENDER_POLL_MS = 25;

/** @type {Map<string, string>} */
const buildIds = new Map();

/** Pages of another build name other scripts: each build has its own keys. */
function buildIdOf(/** @type {string} */ serverDistDir) {
  let buildId = buildIds.get(serverDistDir);
  if (buildId === undefined) {
    try {
      buildId = readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim();
    } catch {
      buildId = 'unbuilt';
    }
    buildIds.set(serverDistDir, buildId);
  }
  return buildId;
}

/**
 * The tags an entry depends on: a page's from its header, a fetch's from the read's context.
 *
 * @param {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} entry
 * @param {{ kind?: string, tags?: string[], softTags?: string[] }} ctx
 * @returns {string[]}
 */
function tagsOf(entry, ctx) {
  const value = /** @type {{ kind?: string, headers?: Record<string, unknown> } | null} */ (
    entry.value
  );
  if (value?.kind === 'FETCH') return [...(ctx.tags ?? []), ...(ctx.softTags ?? [])];
  const header = value?.headers?.[TAGS_HEADER];
  return typeof header === 'string' && header !== '' ? header.split(',') : [];
}

/**
 * How long Redis keeps an entry: its `expire` when it has one (Next renders it again past it
 * anyway), else the longest (see MAX_TTL_SECONDS).
 *
 * @param {import('next/dist/server/lib/cache-control').CacheControl | undefined} cacheControl
 */
function lifeOf(cacheControl) {
  return typeof cacheControl?.expire === 'number' ? cacheControl.expire : Infinity;
}

/**
 * The handler class for one store (null: Next's file-system cache alone). Next makes one instance
 * per request; the store and its connection are the process's.
 *
 * @param {import('./redis-cache-store.mjs').RedisCacheStore | null} store
 * @param {{ now?: () => number }} [options]
 */
export function createIncrementalCacheHandler(store, { now = Date.now } = {}) {
  return class SharedIncrementalCache {
    /** @param {import('next/dist/server/lib/incremental-cache').CacheHandlerContext} ctx */
    constructor(ctx) {
      /** @type {InstanceType<typeof FileSystemCache> | null} */
      this.local =
        ctx.fs && ctx.serverDistDir
          ? new FileSystemCache(
              /** @type {ConstructorParameters<typeof FileSystemCache>[0]} */ (ctx),
            )
          : null;
      this.keyPrefix = `route:${ctx.serverDistDir ? buildIdOf(ctx.serverDistDir) : 'unbuilt'}:`;
    }

    resetRequestCache() {
      this.local?.resetRequestCache();
    }

    /**
     * @param {string} key
     * @param {Parameters<InstanceType<typeof FileSystemCache>['get']>[1]} ctx
     * @returns {Promise<import('next/dist/server/lib/incremental-cache').CacheHandlerValue | null>}
     */
    async get(key, ctx) {
      if (store) {
        const stored = await store.read(this.keyPrefix + key);
        if (stored) {
          /** @type {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} */
          const entry = deserializeValue(stored.toString('utf8'));
          if (!(await this.expiredByTags(entry, ctx))) return entry;
          return entry.value?.kind === 'APP_PAGE' ? this.renderedElsewhere(key, entry, ctx) : null;
        }
      }
      const entry = (await this.local?.get(key, ctx)) ?? null;
      if (!entry || !store) return entry;
      if (await this.expiredByTags(entry, ctx)) return null;
      // A page of this instance's disk (prerendered by the build, or stored while Redis was
      // down): shared from now on, with its own age, so that all instances serve one version.
      if (entry.value) {
        await store.write(
          this.keyPrefix + key,
          Buffer.from(serializeValue(entry), 'utf8'),
          lifeOf(entry.cacheControl),
        );
      }
      return entry;
    }

    /**
     * Null when this instance is to render the expired page again (it claimed the render, or the
     * claimer took too long); otherwise the page another instance rendered meanwhile.
     *
     * @param {string} key
     * @param {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} expired
     * @param {{ kind?: string, tags?: string[], softTags?: string[] }} ctx
     * @returns {Promise<import('next/dist/server/lib/incremental-cache').CacheHandlerValue | null>}
     */
    async renderedElsewhere(key, expired, ctx) {
      if (!store || (await store.claim(`render:${this.keyPrefix}${key}`, RENDER_CLAIM_MS))) {
        return null;
      }
      const deadline = now() + RENDER_WAIT_MS;
      while (now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, RENDER_POLL_MS));
        const stored = await store.read(this.keyPrefix + key);
        if (!stored) continue;
        /** @type {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} */
        const entry = deserializeValue(stored.toString('utf8'));
        if (entry.lastModified > expired.lastModified && !(await this.expiredByTags(entry, ctx))) {
          return entry;
        }
      }
      return null;
    }

    /**
     * Whether one of the entry's tags was expired after it was stored, by any instance. The
     * states read are copied into Next's own manifest, from which Next marks a page whose tag is
     * only stale to be rendered again in the background.
     *
     * @param {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} entry
     * @param {{ kind?: string, tags?: string[], softTags?: string[] }} ctx
     */
    async expiredByTags(entry, ctx) {
      if (!store) return false;
      const tags = tagsOf(entry, ctx);
      if (tags.length === 0) return false;
      const shared = await store.readTags(tags);
      // Redis unreachable: only this process's own revalidations can be known (Next checks them).
      if (!shared) return false;
      for (const [tag, state] of shared) {
        const own = tagsManifest.get(tag) ?? {};
        tagsManifest.set(tag, {
          stale: Math.max(own.stale ?? 0, state.stale ?? 0) || undefined,
          expired: Math.max(own.expired ?? 0, state.expired ?? 0) || undefined,
        });
      }
      return areTagsExpired(shared, tags, entry.lastModified, now());
    }

    /**
     * @param {string} key
     * @param {Parameters<InstanceType<typeof FileSystemCache>['set']>[1]} data
     * @param {Parameters<InstanceType<typeof FileSystemCache>['set']>[2]} ctx
     */
    async set(key, data, ctx) {
      if (store) {
        if (data === null) await store.remove(this.keyPrefix + key);
        else {
          const cacheControl =
            'fetchCache' in ctx && ctx.fetchCache
              ? undefined
              : /** @type {{ cacheControl?: import('next/dist/server/lib/cache-control').CacheControl }} */ (
                  ctx
                ).cacheControl;
          const entry = { lastModified: now(), value: data, cacheControl };
          const stored = await store.write(
            this.keyPrefix + key,
            Buffer.from(serializeValue(entry), 'utf8'),
            lifeOf(cacheControl),
          );
          // In Redis: every instance reads it from there (and may stop waiting for this render).
          // Otherwise kept here, as without Redis.
          if (stored) {
            await store.remove(`render:${this.keyPrefix}${key}`);
            return;
          }
        }
      }
      await this.local?.set(key, data, ctx);
    }

    /**
     * @param {string | string[]} tags
     * @param {{ expire?: number }} [durations]
     */
    async revalidateTag(tags, durations) {
      const list = typeof tags === 'string' ? [tags] : tags;
      // This process's manifest at once (Next's own rules); every instance through Redis.
      await this.local?.revalidateTag(list, durations);
      if (store && list.length > 0) await store.updateTags(list, durations, now());
    }
  };
}

export default createIncrementalCacheHandler(processStore());
