import type { Redis } from 'ioredis';

/** The two lines an outage writes: a warning when it starts, a note when it ends. */
export interface OutageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** After a failed command on a connection that still looks open, Redis is tried again after this. */
const PROBE_AFTER_MS = 2_000;

/**
 * Where the counters of every API instance live (rate limits, failed logins, mail and cart
 * quotas): the Redis of REDIS_URL, and this process's own counters whenever Redis does not answer
 * (decision 0113). Each counter has both twins; `use` asks Redis and, when the command fails or
 * the connection is down, answers from this process's twin instead, so that a visitor meets the
 * same limits, counted per instance, rather than a 500. One warning line per outage, one note when
 * Redis answers again; from then on the shared counts resume (the counts made in the process
 * during the outage are not copied back).
 */
export class SharedCounters {
  /** When the current outage began (null: Redis answers, or there is none). */
  private downSince: number | null = null;
  /** A connection that still looks open is tried again from then on. */
  private probeAt = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    /** The shared Redis, or null: this process alone, no outage possible. */
    readonly redis: Redis | null,
    private readonly log?: OutageLog,
    private readonly now: () => number = Date.now,
  ) {
    redis?.on('ready', () => {
      // Connected again: the next command goes to Redis at once.
      this.probeAt = 0;
      this.recovered();
    });
  }

  /** 'absent' without Redis; 'local' while Redis is down and this process counts alone. */
  get state(): 'absent' | 'shared' | 'local' {
    if (!this.redis) return 'absent';
    return this.downSince === null ? 'shared' : 'local';
  }

  /** Called when Redis answers again after an outage (the API drops what it may have missed). */
  onRecovered(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** The connection failed (ioredis' error event) or a command did: the outage's one warning. */
  reportFailure(error: unknown): void {
    this.probeAt = this.now() + PROBE_AFTER_MS;
    if (this.downSince !== null) return;
    this.downSince = this.now();
    this.log?.warn(
      { err: error },
      'Redis does not answer: limits and counters are kept by this process until it is back',
    );
  }

  private recovered(): void {
    if (this.downSince === null) return;
    const outageMs = this.now() - this.downSince;
    this.downSince = null;
    this.log?.info({ outageMs }, 'Redis answers again: the counters are shared again');
    for (const listener of this.listeners) listener();
  }

  /**
   * `shared` on Redis when it can answer, otherwise (or when it fails) `local`. Commands fail at
   * once while the connection is down (no offline queue) and after a short timeout when Redis
   * hangs (plugins/redis.ts): a request never waits on an outage.
   */
  async use<T>(shared: (redis: Redis) => Promise<T>, local: () => T | Promise<T>): Promise<T> {
    const redis = this.redis;
    if (!redis) return local();
    if (redis.status !== 'ready') {
      this.reportFailure(new Error(`Redis connection ${redis.status}`));
      return local();
    }
    if (this.downSince !== null && this.now() < this.probeAt) return local();
    let result: T;
    try {
      result = await shared(redis);
    } catch (error) {
      this.reportFailure(error);
      return local();
    }
    this.recovered();
    return result;
  }

  /**
   * One object out of a counter's two twins: each of its methods runs on `shared` through `use`,
   * on `local` when Redis cannot answer. Without Redis, `local` itself.
   */
  twin<T extends object>(shared: T | null, local: T): T {
    if (!this.redis || !shared) return local;
    const both = {} as Record<string, unknown>;
    for (const name of Object.keys(local) as Array<keyof T & string>) {
      const ownLocal = local[name];
      const ownShared = shared[name];
      if (typeof ownLocal !== 'function' || typeof ownShared !== 'function') continue;
      both[name] = (...args: unknown[]) =>
        this.use(
          () => (ownShared as (...a: unknown[]) => Promise<unknown>).apply(shared, args),
          () => (ownLocal as (...a: unknown[]) => unknown).apply(local, args),
        );
    }
    return both as T;
  }
}

/** This process alone (no REDIS_URL): tests and a single instance. */
export function localCounters(): SharedCounters {
  return new SharedCounters(null);
}
