import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { HttpError } from '../http/http-error';
import { fallbackRateLimitStore } from './rate-limit-store';
import { localCounters, type SharedCounters } from './shared-counters';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** Brute-force limits; buildApp takes overrides so that tests can reach them quickly. */
export interface AuthLimits {
  /** Login attempts per client IP address. */
  loginPerIp: RateLimit;
  /** Registrations per client IP address. */
  registerPerIp: RateLimit;
  /** Password reset requests per client IP address. */
  passwordResetAskPerIp: RateLimit;
  /** Public newsletter subscriptions per client IP address. */
  newsletterSubscribePerIp: RateLimit;
  /** Contact page messages per client IP address (each one sends a mail to the company). */
  contactMessagePerIp: RateLimit;
  /**
   * Cookie choices recorded per client IP address (decision 0110): a visitor answers the banner
   * once, and again when they change their mind; a script must not fill a site's log.
   */
  consentChoicesPerIp: RateLimit;
  /**
   * Failed logins per site, e-mail address and client IP address: the lockout someone guessing
   * from one place meets, which leaves the owner free to log in from elsewhere.
   */
  loginFailuresPerAccountAndIp: RateLimit;
  /**
   * Failed logins per site and e-mail address, wherever they come from: a higher, slower ceiling
   * against guessing spread over many addresses (OWASP Authentication Cheat Sheet).
   */
  loginFailuresPerAccount: RateLimit;
  /** Mails a visitor can have sent to one address of a site (register, reset, registration, newsletter). */
  mailsPerRecipient: RateLimit;
  /** Visitor-triggered notices to the site's own inbox (contact, form answers, registrations). */
  siteInboxMails: RateLimit;
  /**
   * Anonymous carts a client address may open (POST /cart, POST /cart/new/product/…), all sites
   * together: each one is a row. A customer's main cart is never counted.
   */
  newCartsPerIp: RateLimit;
  /**
   * Discount and gift-voucher codes a client address may have judged, all sites together
   * (POST /order/discount, and the codes carried by POST /order/validate, POST /order and the cart
   * calls; decision 0080): enough for a customer's typing mistakes, too few to guess a site's codes.
   */
  discountChecksPerIp: RateLimit;
  /** The same codes judged against one cart, from any address (decision 0080). */
  discountChecksPerCart: RateLimit;
  /**
   * Times a client address may hold (POST /booking/hold), all sites together: enough for a
   * visitor who changes their mind, too few to keep a salon's week held for nothing
   * (docs/requirements/reservations.md).
   */
  bookingHoldsPerIp: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerIp: { max: 30, timeWindowMs: 5 * MINUTE },
  registerPerIp: { max: 20, timeWindowMs: 60 * MINUTE },
  passwordResetAskPerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  newsletterSubscribePerIp: { max: 20, timeWindowMs: 15 * MINUTE },
  contactMessagePerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  consentChoicesPerIp: { max: 30, timeWindowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { max: 5, timeWindowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 50, timeWindowMs: 24 * 60 * MINUTE },
  mailsPerRecipient: { max: 5, timeWindowMs: 60 * MINUTE },
  siteInboxMails: { max: 200, timeWindowMs: 60 * MINUTE },
  newCartsPerIp: { max: 60, timeWindowMs: 60 * MINUTE },
  discountChecksPerIp: { max: 30, timeWindowMs: 15 * MINUTE },
  bookingHoldsPerIp: { max: 20, timeWindowMs: 15 * MINUTE },
  discountChecksPerCart: { max: 30, timeWindowMs: 15 * MINUTE },
};

/** The defaults, with the per-IP maxima multiplied by `ipScale`, then the explicit overrides. */
export function resolveAuthLimits(overrides: Partial<AuthLimits> = {}, ipScale = 1): AuthLimits {
  const scaled = (limit: RateLimit): RateLimit => ({
    ...limit,
    max: Math.round(limit.max * ipScale),
  });
  return {
    loginPerIp: overrides.loginPerIp ?? scaled(DEFAULT_AUTH_LIMITS.loginPerIp),
    registerPerIp: overrides.registerPerIp ?? scaled(DEFAULT_AUTH_LIMITS.registerPerIp),
    passwordResetAskPerIp:
      overrides.passwordResetAskPerIp ?? scaled(DEFAULT_AUTH_LIMITS.passwordResetAskPerIp),
    newsletterSubscribePerIp:
      overrides.newsletterSubscribePerIp ?? scaled(DEFAULT_AUTH_LIMITS.newsletterSubscribePerIp),
    contactMessagePerIp:
      overrides.contactMessagePerIp ?? scaled(DEFAULT_AUTH_LIMITS.contactMessagePerIp),
    consentChoicesPerIp:
      overrides.consentChoicesPerIp ?? scaled(DEFAULT_AUTH_LIMITS.consentChoicesPerIp),
    loginFailuresPerAccountAndIp:
      overrides.loginFailuresPerAccountAndIp ?? DEFAULT_AUTH_LIMITS.loginFailuresPerAccountAndIp,
    loginFailuresPerAccount:
      overrides.loginFailuresPerAccount ?? DEFAULT_AUTH_LIMITS.loginFailuresPerAccount,
    mailsPerRecipient: overrides.mailsPerRecipient ?? DEFAULT_AUTH_LIMITS.mailsPerRecipient,
    siteInboxMails: overrides.siteInboxMails ?? DEFAULT_AUTH_LIMITS.siteInboxMails,
    newCartsPerIp: overrides.newCartsPerIp ?? scaled(DEFAULT_AUTH_LIMITS.newCartsPerIp),
    discountChecksPerIp:
      overrides.discountChecksPerIp ?? scaled(DEFAULT_AUTH_LIMITS.discountChecksPerIp),
    bookingHoldsPerIp: overrides.bookingHoldsPerIp ?? scaled(DEFAULT_AUTH_LIMITS.bookingHoldsPerIp),
    discountChecksPerCart:
      overrides.discountChecksPerCart ?? DEFAULT_AUTH_LIMITS.discountChecksPerCart,
  };
}

/**
 * Registers routes in their own scope behind a per-IP limit (@fastify/rate-limit): in memory, or
 * in the app's Redis when REDIS_URL is set so that every instance counts the same requests.
 * request.ip is the client's address: X-Forwarded-For is believed only from TRUST_PROXY peers
 * (the storefront at 127.0.0.1). Past the limit: a 429 envelope with the French message.
 */
export function registerWithIpRateLimit(
  app: FastifyInstance,
  limit: RateLimit,
  registerRoutes: (scope: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    // In Redis every scope's counters share one key space: the scope's first route names them
    // (the same on every instance, whatever order the modules register in).
    let scopeName = '';
    scope.addHook('onRoute', (route) => {
      if (scopeName === '') scopeName = `${String(route.method)} ${route.url}`;
    });
    await scope.register(fastifyRateLimit, {
      global: false,
      // In Redis, or in this process while Redis does not answer (decision 0113).
      ...(app.sharedCounters.redis
        ? { store: fallbackRateLimitStore(app.sharedCounters, 'rate-limit:') }
        : {}),
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE),
    });
    scope.addHook(
      'onRequest',
      scope.rateLimit({
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        keyGenerator: (request) => `${scopeName}|${request.ip}`,
      }),
    );
    registerRoutes(scope);
  });
}

/**
 * Counts failures per key over a sliding window, in memory (one API process; the per-IP limits
 * are in memory too). Used for failed logins per site and address.
 */
export class FailureCounter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    /** Bounds memory when failures come for very many addresses. */
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limit.timeWindowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.limit.max;
  }

  recordFailure(key: string): void {
    const times = this.recent(key);
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, [...times, this.now()]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets every key that starts with this prefix (all the addresses of one account). */
  resetPrefix(prefix: string): void {
    for (const key of this.failures.keys()) {
      if (key.startsWith(prefix)) this.failures.delete(key);
    }
  }
}

/** FailureCounter's questions, answered by this process or by a Redis shared by every instance. */
export interface SharedFailureCounter {
  isBlocked(key: string): Promise<boolean>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  resetPrefix(prefix: string): Promise<void>;
}

/** A FailureCounter of this process behind the shared interface (the single-process default). */
export function inMemoryFailureCounter(
  limit: RateLimit,
  now: () => number = Date.now,
): SharedFailureCounter {
  const counter = new FailureCounter(limit, now);
  return {
    isBlocked: async (key) => counter.isBlocked(key),
    recordFailure: async (key) => counter.recordFailure(key),
    reset: async (key) => counter.reset(key),
    resetPrefix: async (prefix) => counter.resetPrefix(prefix),
  };
}

const REDIS_GLOB_SPECIALS = /[*?[\]\\]/g;

/**
 * The same sliding window in Redis: one sorted set per key, each failure a member scored by its
 * time; old members are trimmed on every read and the set expires with its window.
 */
export function redisFailureCounter(
  redis: Redis,
  name: string,
  limit: RateLimit,
  now: () => number = Date.now,
): SharedFailureCounter {
  const redisKey = (key: string) => `failures:${name}:${key}`;
  return {
    async isBlocked(key) {
      const since = now() - limit.timeWindowMs;
      const [, count] = (await redis
        .multi()
        .zremrangebyscore(redisKey(key), '-inf', since)
        .zcard(redisKey(key))
        .exec()) as [[Error | null, number], [Error | null, number]];
      if (count[0]) throw count[0];
      return count[1] >= limit.max;
    },
    async recordFailure(key) {
      const time = now();
      const results = await redis
        .multi()
        .zremrangebyscore(redisKey(key), '-inf', time - limit.timeWindowMs)
        .zadd(redisKey(key), time, `${time}:${randomUUID()}`)
        .pexpire(redisKey(key), limit.timeWindowMs)
        .exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
    // Only after a password reset (rare): a SCAN of this counter's keys that start with the prefix.
    async resetPrefix(prefix) {
      const keyPrefix = redis.options.keyPrefix ?? '';
      const pattern = `${keyPrefix}${redisKey(prefix)}`.replace(REDIS_GLOB_SPECIALS, '\\$&') + '*';
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        // SCAN answers full names; DEL adds the client's prefix again.
        if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(keyPrefix.length)));
      } while (cursor !== '0');
    },
  };
}

/**
 * Failed password checks of an account, counted twice (OWASP Authentication Cheat Sheet): per
 * account and client address, a low ceiling that stops guessing from one place without locking
 * the owner out elsewhere; per account alone, a much higher and slower ceiling against guessing
 * spread over many addresses. In Redis when the app has one, so that N instances give no more tries;
 * while it does not answer, in this process (decision 0113).
 */
export class LoginLockout {
  private readonly perAccountAndIp: SharedFailureCounter;
  private readonly perAccount: SharedFailureCounter;

  constructor(
    limits: Pick<AuthLimits, 'loginFailuresPerAccountAndIp' | 'loginFailuresPerAccount'>,
    options: { now?: () => number; counters?: SharedCounters } = {},
  ) {
    const { now = Date.now, counters = localCounters() } = options;
    // Redis's count, or this process's while Redis does not answer (decision 0113).
    const counter = (name: string, limit: RateLimit) =>
      counters.twin(
        counters.redis ? redisFailureCounter(counters.redis, name, limit, now) : null,
        inMemoryFailureCounter(limit, now),
      );
    this.perAccountAndIp = counter('login-account-ip', limits.loginFailuresPerAccountAndIp);
    this.perAccount = counter('login-account', limits.loginFailuresPerAccount);
  }

  private static accountKey(siteId: number, email: string): string {
    return `${siteId}:${email.trim().toLowerCase()}`;
  }

  async isBlocked(siteId: number, email: string, ip: string): Promise<boolean> {
    const account = LoginLockout.accountKey(siteId, email);
    const [fromHere, anywhere] = await Promise.all([
      this.perAccountAndIp.isBlocked(`${account}|${ip}`),
      this.perAccount.isBlocked(account),
    ]);
    return fromHere || anywhere;
  }

  async recordFailure(siteId: number, email: string, ip: string): Promise<void> {
    const account = LoginLockout.accountKey(siteId, email);
    await Promise.all([
      this.perAccountAndIp.recordFailure(`${account}|${ip}`),
      this.perAccount.recordFailure(account),
    ]);
  }

  /**
   * The right password from this address clears this address's count only: failures from
   * elsewhere still count against the account-wide ceiling.
   */
  async recordSuccess(siteId: number, email: string, ip: string): Promise<void> {
    await this.perAccountAndIp.reset(`${LoginLockout.accountKey(siteId, email)}|${ip}`);
  }

  /** A completed password reset proves the owner's mailbox: every count of the account goes. */
  async clearAccount(siteId: number, email: string): Promise<void> {
    const account = LoginLockout.accountKey(siteId, email);
    await Promise.all([
      this.perAccount.reset(account),
      this.perAccountAndIp.resetPrefix(`${account}|`),
    ]);
  }
}
