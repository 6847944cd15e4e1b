import { LoginLockout, type AuthLimits } from '../../lib/rate-limits';
import type { SharedCounters } from '../../lib/shared-counters';
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
  counters?: SharedCounters;
}): AccountSettings {
  const counted = options.counters ? { counters: options.counters } : {};
  return {
    cookies: options.cookieDomain ? { domain: options.cookieDomain } : {},
    limits: options.limits,
    loginFailures: new LoginLockout(options.limits, counted),
    mailLimiter: new MailLimiter(options.limits, counted),
    production: options.production,
  };
}
