import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisCacheStore } from '../cache/redis-cache-store.mjs';
import { listenForRevalidations } from './revalidation-fanout';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('revalidations heard by every instance through Redis', () => {
  const keyPrefix = `comptoir-test:${randomBytes(4).toString('hex')}:next:`;
  const store = createRedisCacheStore({ redisUrl: redisUrl as string, keyPrefix });
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    const keys = await store.redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await store.redis.del(...keys);
    await store.close();
  });

  it('tells every instance the tags, after the shared manifest has them, within 2 s', async () => {
    const heard: { tags: string[]; at: number; expiredInRedis: boolean }[][] = [[], []];
    for (const calls of heard) {
      const stop = await listenForRevalidations({
        redisUrl: redisUrl as string,
        channel: store.channel,
        onRevalidated: (tags) => {
          const at = Date.now();
          // What an instance reads right after the message: the tag is already expired.
          void store.readTags(tags).then((manifest) => {
            calls.push({
              tags,
              at,
              expiredInRedis: manifest?.get(tags[0]!)?.expired !== undefined,
            });
          });
        },
        onError: (error) => {
          throw error;
        },
      });
      cleanups.push(stop);
    }
    const sentAt = Date.now();
    expect(
      await store.updateTags(['site:91:pages', 'site:91:parameters'], { expire: 0 }, sentAt),
    ).toBe(true);
    const deadline = Date.now() + 2_000;
    while (heard.some((calls) => calls.length === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const calls of heard) {
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        tags: ['site:91:pages', 'site:91:parameters'],
        expiredInRedis: true,
      });
      expect(calls[0]!.at - sentAt).toBeLessThan(2_000);
    }
  });
});
