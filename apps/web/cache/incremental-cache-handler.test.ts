import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CacheHandlerContext,
  CacheHandlerValue,
} from 'next/dist/server/lib/incremental-cache';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import type {
  CachedRouteKind,
  IncrementalCachedAppPageValue,
} from 'next/dist/server/response-cache/types';
import {
  createIncrementalCacheHandler,
  deserializeValue,
  serializeValue,
} from './incremental-cache-handler.mjs';
import { createRedisCacheStore, type RedisCacheStore } from './redis-cache-store.mjs';

/*
 * The rendered pages shared by two storefront instances: each "instance" has its own connection
 * and handler class, as two processes would. Runs where a Redis is at TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  console.warn('incremental-cache-handler.test.ts skipped: set TEST_REDIS_URL to run it');

type Handler = InstanceType<ReturnType<typeof createIncrementalCacheHandler>>;
type GetContext = Parameters<Handler['get']>[1];
type SetContext = Parameters<Handler['set']>[2];

const PAGE_READ = { kind: 'APP_PAGE', isRoutePPREnabled: true, isFallback: false } as GetContext;
const PAGE_WRITE = {
  cacheControl: { revalidate: false, expire: 3600 },
  isRoutePPREnabled: true,
  isFallback: false,
} as unknown as SetContext;

/** What Next stores for a page: its HTML, its RSC payload and its segments' prefetch data. */
type PageValue = IncrementalCachedAppPageValue & {
  rscData: Buffer;
  segmentData: Map<string, Buffer>;
};

function page(tags: string): PageValue {
  return {
    kind: 'APP_PAGE' as CachedRouteKind.APP_PAGE,
    html: '<html><body>Atelier Clémence — 05 12 34 56 78</body></html>',
    rscData: Buffer.from([0, 1, 2, 250, 255, 10]),
    headers: { 'x-next-cache-tags': tags, 'x-nextjs-stale-time': '300' },
    postponed: undefined,
    status: 200,
    segmentData: new Map([
      ['/_tree', Buffer.from('arbre')],
      ['/_full', Buffer.from([9, 8, 7])],
    ]),
  };
}

describe('values of the page cache in Redis', () => {
  it('keep Buffers and Maps (of Buffers) as they were', () => {
    const value = page('_N_T_/91/page');
    const back = deserializeValue(serializeValue({ lastModified: 5, value })) as {
      lastModified: number;
      value: PageValue;
    };
    expect(back.lastModified).toBe(5);
    expect(Buffer.isBuffer(back.value.rscData)).toBe(true);
    expect(back.value.rscData.equals(value.rscData)).toBe(true);
    expect(back.value.segmentData).toBeInstanceOf(Map);
    expect([...back.value.segmentData.keys()]).toEqual(['/_tree', '/_full']);
    expect(back.value.segmentData.get('/_full')!.equals(Buffer.from([9, 8, 7]))).toBe(true);
    expect(back.value.html).toBe(value.html);
    expect(back.value.headers).toEqual(value.headers);
  });
});

describe.skipIf(!redisUrl)('rendered pages shared through Redis', () => {
  const keyPrefix = `comptoir-test:${randomBytes(4).toString('hex')}:next:`;
  const stores: RedisCacheStore[] = [];
  let distDir: string;
  /** No file system: what one instance reads from another can only come from Redis. */
  const sharedOnly = () =>
    ({
      serverDistDir: path.join(distDir, 'server'),
      revalidatedTags: [],
      _requestHeaders: {},
    }) as CacheHandlerContext;
  const instance = (ctx = sharedOnly(), url = redisUrl as string) => {
    const store = createRedisCacheStore({ redisUrl: url, keyPrefix, log: () => {} });
    stores.push(store);
    const Handler = createIncrementalCacheHandler(store);
    return { handler: new Handler(ctx), store };
  };
  let keyNumber = 0;
  const newKey = () => `/91/page-${(keyNumber += 1)}`;

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-cache-'));
    await writeFile(path.join(distDir, 'BUILD_ID'), 'build-test');
  });
  afterAll(async () => {
    const keys = await stores[0]!.redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await stores[0]!.redis.del(...keys);
    for (const store of stores) await store.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves a page stored by one instance to another, Buffers and Maps intact', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await first.handler.set(key, page('_N_T_/91/layout,site:91:pages'), PAGE_WRITE);
    expect(await first.store.redis.exists(`${keyPrefix}route:build-test:${key}`)).toBe(1);

    const found = (await second.handler.get(key, PAGE_READ)) as CacheHandlerValue;
    expect(found).not.toBeNull();
    expect(found.cacheControl).toEqual({ revalidate: false, expire: 3600 });
    const value = found.value as unknown as PageValue;
    expect(value.html).toContain('05 12 34 56 78');
    expect(Buffer.isBuffer(value.rscData) && value.rscData.equals(page('').rscData)).toBe(true);
    expect(value.segmentData.get('/_tree')?.toString()).toBe('arbre');
  });

  it('misses a page on every instance once one revalidates one of its tags, implicit ones too', async () => {
    const [first, second] = [instance(), instance()];
    for (const tag of ['site:91:parameters', '_N_T_/91/contact']) {
      const key = newKey();
      await first.handler.set(key, page(`_N_T_/layout,${tag}`), PAGE_WRITE);
      expect(await second.handler.get(key, PAGE_READ)).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await first.handler.revalidateTag([tag], { expire: 0 });
      expect(await second.handler.get(key, PAGE_READ)).toBeNull();
      // Rendered again after the revalidation: served again.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await second.handler.set(key, page(`_N_T_/layout,${tag}`), PAGE_WRITE);
      expect(await first.handler.get(key, PAGE_READ)).not.toBeNull();
    }
  });

  it('lets one instance render a revalidated page while the others wait for its result', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await first.handler.set(key, page('site:91:pages'), PAGE_WRITE);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await first.handler.revalidateTag('site:91:pages', { expire: 0 });

    // The first instance to find it expired renders it (a miss)…
    expect(await first.handler.get(key, PAGE_READ)).toBeNull();
    // …the second waits, and gets what the first stored.
    const waiting = second.handler.get(key, PAGE_READ);
    const renderedAt = Date.now();
    setTimeout(() => void first.handler.set(key, page('site:91:pages'), PAGE_WRITE), 150);
    const found = (await waiting) as CacheHandlerValue;
    expect(found).not.toBeNull();
    expect(found.lastModified).toBeGreaterThanOrEqual(renderedAt + 100);
    expect(Date.now() - renderedAt).toBeLessThan(1_000);

    // Stored: the claim is released, the next revalidation's first reader renders at once.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await second.handler.revalidateTag('site:91:pages', { expire: 0 });
    const started = Date.now();
    expect(await second.handler.get(key, PAGE_READ)).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('forgets a page past its expire', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await first.handler.set(key, page('site:91:pages'), {
      ...PAGE_WRITE,
      cacheControl: { revalidate: 1, expire: 1 },
    } as SetContext);
    expect(await second.handler.get(key, PAGE_READ)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await second.handler.get(key, PAGE_READ)).toBeNull();
  });

  it('shares a page this instance had on its own (the build, an outage) once Redis is back', async () => {
    const local = {
      ...sharedOnly(),
      fs: nodeFs,
      flushToDisk: false,
      maxMemoryCacheSize: 1_000_000,
    } as CacheHandlerContext;
    const key = newKey();
    // Stored while Redis was unreachable: kept by Next's file-system cache (its memory is the
    // process's, as its disk would be).
    await instance(local, 'redis://127.0.0.1:1').handler.set(
      key,
      page('site:91:pages'),
      PAGE_WRITE,
    );
    const other = instance();
    expect(await other.handler.get(key, PAGE_READ)).toBeNull();

    const found = await instance(local).handler.get(key, PAGE_READ);
    expect(found).not.toBeNull();
    const shared = (await other.handler.get(key, PAGE_READ)) as CacheHandlerValue;
    expect(shared.lastModified).toBe(found!.lastModified);
    expect((shared.value as unknown as PageValue).rscData.equals(page('').rscData)).toBe(true);
  });

  it("keeps pages in the process (Next's file-system cache) when Redis cannot be reached", async () => {
    const ctx = {
      ...sharedOnly(),
      fs: nodeFs,
      flushToDisk: false,
      maxMemoryCacheSize: 1_000_000,
    } as CacheHandlerContext;
    const { handler } = instance(ctx, 'redis://127.0.0.1:1');
    const key = newKey();
    await handler.set(key, page('site:91:pages'), PAGE_WRITE);
    const found = (await handler.get(key, PAGE_READ)) as CacheHandlerValue;
    expect((found.value as unknown as PageValue).html).toContain('Clémence');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handler.revalidateTag('site:91:pages', { expire: 0 });
    expect(await handler.get(key, PAGE_READ)).toBeNull();
  });
});
