/*
 * Several storefront instances (decision 0067): the API calls one of them to revalidate cache
 * tags, and every other instance must drop the same entries. The instance that was called
 * publishes the tags on a Redis channel; each instance (itself included: a second expiry is
 * harmless) hears them and calls its own revalidation hook, so that Next expires the tags in
 * its own caches ('use cache' entries, full-route pages, the one-second copies of server.ts).
 * Without REDIS_URL nothing is published: one instance has nothing to tell.
 */
import { Redis } from 'ioredis';
import { REVALIDATE_SECRET_HEADER } from '@comptoir/contract/admin-content';

export const REVALIDATION_CHANNEL = 'comptoir:storefront-revalidate';
/** Marks the hook calls made for a published message, which are not published again. */
export const FANOUT_HEADER = 'x-comptoir-revalidation-fanout';

let publisher: Redis | undefined;

/** Tells every instance listening on `redisUrl` that these tags changed. */
export async function publishRevalidation(redisUrl: string, tags: string[]): Promise<void> {
  publisher ??= new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2_000 });
  await publisher.publish(REVALIDATION_CHANNEL, JSON.stringify({ tags }));
}

/**
 * Listens for published tags and calls this instance's hook with them (server.ts, at start).
 * Returns the function that stops listening.
 */
export async function listenForRevalidations(options: {
  redisUrl: string;
  /** This instance's own hook, for example http://127.0.0.1:3000/_comptoir/revalidate. */
  hookUrl: string;
  secret: string;
  onError: (error: unknown) => void;
}): Promise<() => Promise<void>> {
  const subscriber = new Redis(options.redisUrl, { connectTimeout: 2_000 });
  subscriber.on('error', options.onError);
  subscriber.on('message', (_channel: string, message: string) => {
    fetch(options.hookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [REVALIDATE_SECRET_HEADER]: options.secret,
        [FANOUT_HEADER]: '1',
      },
      body: message,
      signal: AbortSignal.timeout(5_000),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`revalidation hook answered ${response.status}`);
        await response.body?.cancel();
      })
      .catch(options.onError);
  });
  await subscriber.subscribe(REVALIDATION_CHANNEL);
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
