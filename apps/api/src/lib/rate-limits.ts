import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { HttpError } from '../http/http-error';

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
  /** Failed logins per site and e-mail address, wherever they come from. */
  loginFailuresPerAccount: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerIp: { max: 30, timeWindowMs: 5 * MINUTE },
  registerPerIp: { max: 20, timeWindowMs: 60 * MINUTE },
  passwordResetAskPerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  newsletterSubscribePerIp: { max: 20, timeWindowMs: 15 * MINUTE },
  contactMessagePerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 5, timeWindowMs: 15 * MINUTE },
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
    loginFailuresPerAccount:
      overrides.loginFailuresPerAccount ?? DEFAULT_AUTH_LIMITS.loginFailuresPerAccount,
  };
}

/**
 * Registers routes in their own scope behind a per-IP limit (@fastify/rate-limit, in memory).
 * request.ip is the client's address: X-Forwarded-For is believed only from TRUST_PROXY peers
 * (the storefront at 127.0.0.1). Past the limit: a 429 envelope with the French message.
 */
export function registerWithIpRateLimit(
  app: FastifyInstance,
  limit: RateLimit,
  registerRoutes: (scope: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    await scope.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS_MESSAGE),
    });
    scope.addHook(
      'onRequest',
      scope.rateLimit({
        max: limit.max,
        timeWindow: limit.timeWindowMs,
        keyGenerator: (request) => request.ip,
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
}
