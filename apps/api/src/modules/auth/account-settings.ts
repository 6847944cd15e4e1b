import { FailureCounter, type AuthLimits } from '../../lib/rate-limits';
import type { CookieSettings } from './auth-cookies';

/** What the account routes (auth and user modules) share, built once per app by buildApp. */
export interface AccountSettings {
  cookies: CookieSettings;
  limits: AuthLimits;
  /** Failed password checks per site and address: logins and password changes alike. */
  loginFailures: FailureCounter;
  /** Links in mails use prodUrl when true (NODE_ENV=production), devUrl otherwise. */
  production: boolean;
}

export function createAccountSettings(options: {
  cookieDomain?: string;
  limits: AuthLimits;
  production: boolean;
}): AccountSettings {
  return {
    cookies: options.cookieDomain ? { domain: options.cookieDomain } : {},
    limits: options.limits,
    loginFailures: new FailureCounter(options.limits.loginFailuresPerAccount),
    production: options.production,
  };
}
