/*
 * Several storefront instances share their caches through Redis (decision 0071): when a tag is
 * revalidated on one, the cache handlers write its time to Redis (so every instance's next read
 * finds the entries expired) and then publish the tags on a channel. What each instance still
 * keeps for itself is server.ts's one-second copies of pages (decision 0034): it listens on the
 * channel and drops them, so that no copy outlives the revalidation by more than a message.
 * Without REDIS_URL there is one instance, whose revalidation hook drops its copies itself.
 */
import { Redis } from 'ioredis';
import { TAGS_CHANNEL } from '../cache/redis-cache-store.mjs';

/**
 * Calls `onRevalidated` with the tags of every revalidation made on any instance (server.ts, at
 * start). Returns the function that stops listening.
 */
export async function listenForRevalidations(options: {
  redisUrl: string;
  onRevalidated: (tags: string[]) => void;
  onError: (error: unknown) => void;
  /** The store's channel (a test's own key prefix); the storefront's by default. */
  channel?: string;
}): Promise<() => Promise<void>> {
  // maxRetriesPerRequest null: with Redis down at start, the subscription waits for it (and the
  // promise with it) instead of failing for good.
  const subscriber = new Redis(options.redisUrl, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: null,
  });
  // ioredis retries a lost connection on its own and reports each try: one report per outage.
  let reported = false;
  subscriber.on('error', (error: unknown) => {
    if (!reported) options.onError(error);
    reported = true;
  });
  subscriber.on('ready', () => (reported = false));
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const { tags } = JSON.parse(message) as { tags: unknown };
      if (Array.isArray(tags)) {
        options.onRevalidated(tags.filter((tag): tag is string => typeof tag === 'string'));
      }
    } catch (error) {
      options.onError(error);
    }
  });
  await subscriber.subscribe(options.channel ?? TAGS_CHANNEL);
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
