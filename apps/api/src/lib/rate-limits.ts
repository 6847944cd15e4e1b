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
   * Discount and gift-voucher codes a client address may try (POST /order/discount): enough for a
   * customer's typing mistakes, too few to guess a site's codes.
   */
  discountChecksPerIp: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerIp: { max: 30, timeWindowMs: 5 * MINUTE },
  registerPerIp: { max: 20, timeWindowMs: 60 * MINUTE },
  passwordResetAskPerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  newsletterSubscribePerIp: { max: 20, timeWindowMs: 15 * MINUTE },
  contactMessagePerIp: { max: 10, timeWindowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { max: 5, timeWindowMs: 15 * MINUTE },
  loginFailuresPerAccount: { max: 50, timeWindowMs: 24 * 60 * MINUTE },
  mailsPerRecipient: { max: 5, timeWindowMs: 60 * MINUTE },
  siteInboxMails: { max: 200, timeWindowMs: 60 * MINUTE },
  newCartsPerIp: { max: 60, timeWindowMs: 60 * MINUTE },
  discountChecksPerIp: { max: 30, timeWindowMs: 15 * MINUTE },
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
    loginFailuresPerAccountAndIp:
      overrides.loginFailuresPerAccountAndIp ?? DEFAULT_AUTH_LIMITS.loginFailuresPerAccountAndIp,
    loginFailuresPerAccount:
      overrides.loginFailuresPerAccount ?? DEFAULT_AUTH_LIMITS.loginFailuresPerAccount,
    mailsPerRecipient: overrides.mailsPerRecipient ?? DEFAULT_AUTH_LIMITS.mailsPerRecipient,
    siteInboxMails: overrides.siteInboxMails ?? DEFAULT_AUTH_LIMITS.siteInboxMails,
    newCartsPerIp: overrides.newCartsPerIp ?? scaled(DEFAULT_AUTH_LIMITS.newCartsPerIp),
    discountChecksPerIp:
      overrides.discountChecksPerIp ?? scaled(DEFAULT_AUTH_LIMITS.discountChecksPerIp),
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

  /** Forgets every key that starts with this prefix (all the addresses of one account). */
  resetPrefix(prefix: string): void {
    for (const key of this.failures.keys()) {
      if (key.startsWith(prefix)) this.failures.delete(key);
    }
  }
}

/**
 * Failed password checks of an account, counted twice (OWASP Authentication Cheat Sheet): per
 * account and client address, a low ceiling that stops guessing from one place without locking
 * the owner out elsewhere; per account alone, a much higher and slower ceiling against guessing
 * spread over many addresses.
 */
export class LoginLockout {
  private readonly perAccountAndIp: FailureCounter;
  private readonly perAccount: FailureCounter;

  constructor(
    limits: Pick<AuthLimits, 'loginFailuresPerAccountAndIp' | 'loginFailuresPerAccount'>,
    now: () => number = Date.now,
  ) {
    this.perAccountAndIp = new FailureCounter(limits.loginFailuresPerAccountAndIp, now);
    this.perAccount = new FailureCounter(limits.loginFailuresPerAccount, now);
  }

  private static accountKey(siteId: number, email: string): string {
    return `${siteId}:${email.trim().toLowerCase()}`;
  }

  isBlocked(siteId: number, email: string, ip: string): boolean {
    const account = LoginLockout.accountKey(siteId, email);
    return this.perAccountAndIp.isBlocked(`${account}|${ip}`) || this.perAccount.isBlocked(account);
  }

  recordFailure(siteId: number, email: string, ip: string): void {
    const account = LoginLockout.accountKey(siteId, email);
    this.perAccountAndIp.recordFailure(`${account}|${ip}`);
    this.perAccount.recordFailure(account);
  }

  /**
   * The right password from this address clears this address's count only: failures from
   * elsewhere still count against the account-wide ceiling.
   */
  recordSuccess(siteId: number, email: string, ip: string): void {
    this.perAccountAndIp.reset(`${LoginLockout.accountKey(siteId, email)}|${ip}`);
  }

  /** A completed password reset proves the owner's mailbox: every count of the account goes. */
  clearAccount(siteId: number, email: string): void {
    const account = LoginLockout.accountKey(siteId, email);
    this.perAccount.reset(account);
    this.perAccountAndIp.resetPrefix(`${account}|`);
  }
}
