import type { CacheHandler } from 'next/dist/server/lib/incremental-cache';
import type { RedisCacheStore } from './redis-cache-store.mjs';

export function serializeValue(value: unknown): string;
export function deserializeValue(text: string): unknown;

export function createIncrementalCacheHandler(
  store: RedisCacheStore | null,
  options?: { now?: () => number },
): typeof CacheHandler;

declare const SharedIncrementalCache: typeof CacheHandler;
export default SharedIncrementalCache;
