import type { Redis } from 'ioredis';
import { LoginLockout, type AuthLimits } from '../../lib/rate-limits';
import { MailLimiter } from '../mail';
import type { CookieSettings } from './auth-cookies';

/** What the account routes (auth and user modules) share, built once per app by buildApp. */
export interface AccountSettings {
  cookies: CookieSettings;
  limits: AuthLimits;
  /** Failed password checks per account and client address: logins and password changes alike. */
  loginFailures: LoginLockout;
  /** Per-recipient limits of the mails visitors trigger, shared by every module that sends one. */
  mailLimiter: MailLimiter;
  /** Links in mails use prodUrl when true (NODE_ENV=production), devUrl otherwise. */
  production: boolean;
}

export function createAccountSettings(options: {
  cookieDomain?: string;
  limits: AuthLimits;
  production: boolean;
  /** Where failed logins and visitor mails are counted across instances (REDIS_URL). */
  redis?: Redis | null;
}): AccountSettings {
  return {
    cookies: options.cookieDomain ? { domain: options.cookieDomain } : {},
    limits: options.limits,
    loginFailures: new LoginLockout(options.limits, { redis: options.redis ?? null }),
    mailLimiter: new MailLimiter(options.limits, { redis: options.redis ?? null }),
    production: options.production,
  };
}
