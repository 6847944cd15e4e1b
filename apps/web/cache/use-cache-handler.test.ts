import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheEntry } from 'next/dist/server/lib/cache-handlers/types';
import { createRedisCacheStore, type RedisCacheStore } from './redis-cache-store.mjs';
import { createRedisUseCacheHandler } from './use-cache-handler.mjs';

/*
 * Two storefront instances on one Redis: each "instance" here has its own connection and its own
 * handler, as two processes would. Runs where a Redis is at TEST_REDIS_URL (.ci/run starts one).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('use-cache-handler.test.ts skipped: set TEST_REDIS_URL to run it');

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

function entry(overrides: Partial<CacheEntry> = {}): CacheEntry {
  return {
    value: streamOf('{"page":', '"accueil"}'),
    tags: ['site:91:pages'],
    stale: 300,
    timestamp: Date.now(),
    expire: 3600,
    revalidate: 900,
    ...overrides,
  };
}

describe.skipIf(!redisUrl)("'use cache' entries shared through Redis", () => {
  const keyPrefix = `comptoir-test:${randomBytes(4).toString('hex')}:next:`;
  const stores: RedisCacheStore[] = [];
  const instance = () => {
    const store = createRedisCacheStore({ redisUrl: redisUrl as string, keyPrefix });
    stores.push(store);
    return createRedisUseCacheHandler(store);
  };
  let keyNumber = 0;
  const newKey = () => `["build-1","fn-${(keyNumber += 1)}",[91]]`;

  afterAll(async () => {
    const keys = await stores[0]!.redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await stores[0]!.redis.del(...keys);
    for (const store of stores) await store.close();
  });

  it('serves an entry stored by one instance to another, with a new stream on each read', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await first.set(key, Promise.resolve(entry()));
    await second.refreshTags();
    for (let read = 0; read < 2; read += 1) {
      const found = await second.get(key, []);
      expect(found).toMatchObject({ tags: ['site:91:pages'], revalidate: 900, expire: 3600 });
      expect(await textOf(found!.value)).toBe('{"page":"accueil"}');
    }
  });

  it('expires the entry on every instance when one revalidates its tag', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await second.set(key, Promise.resolve(entry({ timestamp: Date.now() - 10 })));
    await second.refreshTags();
    expect(await second.get(key, [])).toBeDefined();

    await first.updateTags(['site:91:pages'], { expire: 0 });
    // Until its next request, an instance keeps the manifest it read at the start of this one.
    expect(await second.get(key, [])).toBeDefined();
    await second.refreshTags();
    expect(await second.get(key, [])).toBeUndefined();
    expect(await second.getExpiration(['site:91:pages', 'site:91:other'])).toBeGreaterThan(
      Date.now() - 2_000,
    );
    expect(await second.getExpiration(['site:91:other'])).toBe(0);

    // Stored after the revalidation: fresh again.
    await first.set(key, Promise.resolve(entry({ timestamp: Date.now() + 5 })));
    await second.refreshTags();
    expect(await second.get(key, [])).toBeDefined();
  });

  it('serves an entry whose tag was only marked stale, asking for a new one (revalidate -1)', async () => {
    const [first, second] = [instance(), instance()];
    const key = newKey();
    await second.set(
      key,
      Promise.resolve(entry({ tags: ['site:92:news'], timestamp: Date.now() - 10 })),
    );
    await first.updateTags(['site:92:news'], { expire: 3600 });
    await second.refreshTags();
    expect(await second.get(key, [])).toMatchObject({ revalidate: -1 });
  });

  it('makes a read wait for a set still receiving its value', async () => {
    const handler = instance();
    const key = newKey();
    let finish: () => void = () => {};
    const slowValue = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('début '));
        finish = () => {
          controller.enqueue(encoder.encode('et fin'));
          controller.close();
        };
      },
    });
    const setting = handler.set(key, Promise.resolve(entry({ value: slowValue })));
    const reading = handler.get(key, []);
    setTimeout(() => finish(), 50);
    const found = await reading;
    await setting;
    expect(found).toBeDefined();
    expect(await textOf(found!.value)).toBe('début et fin');
  });

  it('keeps no dynamic entry (expire 0) and forgets one past its expire', async () => {
    const handler = instance();
    const dynamicKey = newKey();
    await handler.set(dynamicKey, Promise.resolve(entry({ expire: 0 })));
    expect(await handler.get(dynamicKey, [])).toBeUndefined();

    const shortKey = newKey();
    await handler.set(shortKey, Promise.resolve(entry({ expire: 1, revalidate: 1 })));
    expect(await handler.get(shortKey, [])).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await handler.get(shortKey, [])).toBeUndefined();
  });

  it("keeps entries in the process's memory when Redis cannot be reached, and says so once", async () => {
    const lines: string[] = [];
    const store = createRedisCacheStore({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix,
      log: (line) => lines.push(line),
    });
    stores.push(store);
    const handler = createRedisUseCacheHandler(store);
    const key = newKey();
    await handler.refreshTags();
    // Next's own handler dates a revalidation by performance.now(), which may lag Date.now().
    await handler.set(key, Promise.resolve(entry({ timestamp: Date.now() - 1_000 })));
    // Served from the process's own copies (decision 0113), until a revalidation expires it.
    expect(await handler.get(key, [])).toBeDefined();
    await handler.updateTags(['site:91:pages']);
    // Next's handler rounds the revalidation's time to the millisecond, maybe up: a moment later.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await handler.get(key, [])).toBeUndefined();
    expect(
      lines.filter((line) => line.includes('unavailable') || line.includes('failed')),
    ).toHaveLength(1);
  });
});
