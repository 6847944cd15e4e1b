import type { Tarteaucitron } from './tarteaucitron';

/** What the analytics services define on the page once tarteaucitron loaded them. */
export interface AnalyticsGlobals {
  tarteaucitron?: Pick<Tarteaucitron, 'state'>;
  gtag?: (...args: unknown[]) => void;
  dataLayer?: unknown[];
  _paq?: unknown[][];
}

/** tarteaucitron's keys of the services that take a user id (Plausible and the Pixel know none). */
export const USER_ID_SERVICES = ['gtag', 'googleads', 'googletagmanager', 'matomo'] as const;

/**
 * Sets the logged-in customer's id in every analytics service the visitor allowed
 * (docs/requirements/consent-and-analytics.md: "sets the user id and tracks the page view"):
 * the account's opaque `analyticsId`, never an e-mail or a name (decision 0099). A service the
 * visitor did not allow, or that has not loaded, is told nothing; without an account (logged out,
 * or not known yet) the services that may have been told an id forget it. Returns the services
 * told an id.
 */
export function setAnalyticsUser(globals: AnalyticsGlobals, analyticsId: string | null): string[] {
  const consent = globals.tarteaucitron?.state ?? {};
  const told: string[] = [];
  if ((consent.gtag || consent.googleads) && globals.gtag) {
    globals.gtag('set', { user_id: analyticsId });
    if (analyticsId !== null) told.push('gtag');
  }
  if (consent.googletagmanager && globals.dataLayer) {
    globals.dataLayer.push({ user_id: analyticsId });
    if (analyticsId !== null) told.push('googletagmanager');
  }
  if (consent.matomo && globals._paq) {
    globals._paq.push(analyticsId === null ? ['resetUserId'] : ['setUserId', analyticsId]);
    if (analyticsId !== null) told.push('matomo');
  }
  return told;
}
