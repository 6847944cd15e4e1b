import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheEntry } from 'next/dist/server/lib/cache-handlers/types';
import type {
  CacheHandlerContext,
  CacheHandlerValue,
} from 'next/dist/server/lib/incremental-cache';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import type { CachedRouteKind } from 'next/dist/server/response-cache/types';
import { createIncrementalCacheHandler } from './incremental-cache-handler.mjs';
import { createRedisCacheStore, type RedisCacheStore } from './redis-cache-store.mjs';
import { createRedisUseCacheHandler } from './use-cache-handler.mjs';

/*
 * Issue 32, item 1 (decision 0113): the storefront's REDIS_URL names a Redis that does not answer
 * (a closed port). Both cache handlers keep their entries in the process and serve them from
 * there, nothing waits long, and the store writes one line for the whole outage. No Redis needed.
 */

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const encoder = new TextEncoder();
const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(text));
      controller.close();
    },
  });
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += Buffer.from(chunk).toString();
  }
  return text;
}

const lines: string[] = [];
let store: RedisCacheStore;
let distDir: string;

beforeAll(async () => {
  store = createRedisCacheStore({
    redisUrl: `redis://127.0.0.1:${await closedPort()}`,
    keyPrefix: 'comptoir-test:outage:next:',
    log: (line) => lines.push(line),
  });
  distDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-cache-outage-'));
  await writeFile(path.join(distDir, 'BUILD_ID'), 'build-outage');
});
afterAll(async () => {
  await store?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('storefront caches while Redis does not answer', () => {
  it("serves 'use cache' entries from the process's memory", async () => {
    const handler = createRedisUseCacheHandler(store);
    const key = '["build-1","catalogue",[91]]';
    const started = Date.now();
    expect(await handler.get(key, [])).toBeUndefined();
    await handler.set(
      key,
      Promise.resolve<CacheEntry>({
        value: streamOf('{"produits":["Brie de Meaux"]}'),
        tags: ['site:91:catalogue'],
        stale: 300,
        timestamp: Date.now() - 1_000,
        expire: 3600,
        revalidate: 900,
      }),
    );
    await handler.refreshTags();
    const found = await handler.get(key, []);
    expect(found).toBeDefined();
    expect(await textOf(found!.value)).toBe('{"produits":["Brie de Meaux"]}');
    // Read twice: each read gets a stream of its own.
    expect(await textOf((await handler.get(key, []))!.value)).toContain('Brie');
    expect(Date.now() - started).toBeLessThan(3_000);

    // A revalidation still expires it (the process's own tag manifest).
    await handler.updateTags(['site:91:catalogue']);
    // Next's handler rounds the revalidation's time to the millisecond, maybe up: a moment later.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(await handler.get(key, [])).toBeUndefined();
  });

  it("keeps rendered pages in Next's own cache of the process", async () => {
    const Handler = createIncrementalCacheHandler(store);
    const handler = new Handler({
      serverDistDir: path.join(distDir, 'server'),
      revalidatedTags: [],
      _requestHeaders: {},
      fs: nodeFs,
      flushToDisk: false,
      maxMemoryCacheSize: 1_000_000,
    } as unknown as CacheHandlerContext);
    const value = {
      kind: 'APP_PAGE' as CachedRouteKind.APP_PAGE,
      html: '<html><body>Fromagerie du Marché</body></html>',
      rscData: Buffer.from([1, 2, 3]),
      headers: { 'x-next-cache-tags': 'site:91:pages' },
      postponed: undefined,
      status: 200,
      segmentData: new Map<string, Buffer>(),
    };
    await handler.set('/91/accueil', value, {
      cacheControl: { revalidate: false, expire: 3600 },
      isRoutePPREnabled: true,
      isFallback: false,
    } as unknown as Parameters<typeof handler.set>[2]);
    const found = (await handler.get('/91/accueil', {
      kind: 'APP_PAGE',
      isRoutePPREnabled: true,
      isFallback: false,
    } as unknown as Parameters<typeof handler.get>[1])) as CacheHandlerValue;
    expect((found.value as unknown as { html: string }).html).toContain('Fromagerie');
  });

  it('writes one line for the whole outage', () => {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /shared cache \(Redis\) (unavailable|failed), pages render without it/,
    );
    expect(store.outages()).toBe(1);
  });
});
