import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { SharedCounters } from './shared-counters';

interface Count {
  current: number;
  ttl: number;
}

/** The part of @fastify/rate-limit's own stores used here (their files ship without types). */
interface PluginStore {
  incr(
    key: string,
    done: (error: Error | null, result?: Count) => void,
    window: number,
    max: number,
  ): void;
  read?(
    key: string,
    done: (error: Error | null, result?: Count) => void,
    window: number,
    max: number,
  ): void;
  child(routeOptions: unknown): PluginStore;
}

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => PluginStore;

function counted(
  store: PluginStore,
  method: 'incr' | 'read',
  key: string,
  window: number,
  max: number,
): Promise<Count> {
  return new Promise((resolve, reject) => {
    const run = store[method];
    if (!run) return reject(new Error(`The rate-limit store has no ${method}`));
    run.call(
      store,
      key,
      (error, result) =>
        error || !result ? reject(error ?? new Error('No count')) : resolve(result),
      window,
      max,
    );
  });
}

/** The plugin's Redis store and its in-memory one, as one: Redis while it answers (decision 0113). */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly counters: SharedCounters,
    private readonly shared: PluginStore,
    private readonly local: PluginStore,
  ) {}

  private count(method: 'incr' | 'read', key: string, window: number, max: number) {
    return this.counters.use(
      () => counted(this.shared, method, key, window, max),
      () => counted(this.local, method, key, window, max),
    );
  }

  incr(
    key: string,
    done: (error: Error | null, result?: Count) => void,
    window: number,
    max: number,
  ) {
    this.count('incr', key, window, max).then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
  }

  read(
    key: string,
    done: (error: Error | null, result?: Count) => void,
    window: number,
    max: number,
  ) {
    this.count('read', key, window, max).then(
      (result) => done(null, result),
      (error: Error) => done(error),
    );
  }

  child(routeOptions: unknown): FallbackStore {
    return new FallbackStore(
      this.counters,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
    );
  }
}

/**
 * The `store` option of @fastify/rate-limit: per-address counts in the Redis every instance
 * shares, in this process while Redis does not answer. Needs `counters.redis`.
 */
export function fallbackRateLimitStore(
  counters: SharedCounters,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  const { redis } = counters;
  if (!redis) throw new Error('fallbackRateLimitStore needs a Redis');
  const shared: Redis = redis;
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        counters,
        new RedisStore(continueExceeding, exponentialBackoff, shared, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
