import type { CacheEntry, CacheHandler } from 'next/dist/server/lib/cache-handlers/types';
import type { RedisCacheStore } from './redis-cache-store.mjs';

export function encodeEntry(metadata: Omit<CacheEntry, 'value'>, value: Buffer): Buffer;
export function decodeEntry(stored: Buffer): { metadata: Omit<CacheEntry, 'value'>; value: Buffer };

export function createRedisUseCacheHandler(
  store: RedisCacheStore,
  options?: { now?: () => number },
): CacheHandler;

declare const handler: CacheHandler;
export default handler;
