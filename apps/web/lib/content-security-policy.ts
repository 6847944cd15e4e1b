import type { ExternalAppPublicConfig } from '@comptoir/contract/external-app';
import { RELAY_TILE_ORIGIN } from '../modules/delivery/relay-tiles';
import { EMBED_FRAME_ORIGINS } from '@comptoir/domain/rich-text';

/**
 * What one site's pages may load, beyond the storefront itself: its analytics services (loaded by
 * the cookie banner once the visitor accepts them) and the origins its administrator's own script
 * (SCRIPT_TO_LOAD) names.
 */
export interface SiteCspSources {
  analytics: readonly ExternalAppPublicConfig[];
  scriptToLoad: string | null;
  /** Whether the site takes cards (it has Stripe keys): its payment page loads Stripe.js. */
  cardPayment?: boolean;
}

interface Origins {
  script: string[];
  connect: string[];
  frame: string[];
}

const GOOGLE_TAG = 'https://www.googletagmanager.com';
// Where gtag.js (GA4) sends its hits; Google documents these for CSP.
const GOOGLE_ANALYTICS_HITS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/**
 * The origins each analytics service needs, as tarteaucitron loads it (see its services file:
 * gtag.js, gtm.js, piwik.js from the Matomo URL, Plausible's script.js, Facebook's fbevents.js).
 */
function analyticsOrigins(entry: ExternalAppPublicConfig): Origins {
  switch (entry.app) {
    case 'GOOGLE_ANALYTICS':
      return { script: [GOOGLE_TAG], connect: GOOGLE_ANALYTICS_HITS, frame: [] };
    case 'GOOGLE_ADS':
      return {
        script: [
          GOOGLE_TAG,
          'https://www.googleadservices.com',
          'https://googleads.g.doubleclick.net',
        ],
        connect: [
          ...GOOGLE_ANALYTICS_HITS,
          'https://www.google.com',
          'https://googleads.g.doubleclick.net',
          'https://www.googleadservices.com',
        ],
        frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
      };
    case 'GOOGLE_TAG_MANAGER':
      return {
        script: [GOOGLE_TAG, 'https://www.google-analytics.com'],
        connect: GOOGLE_ANALYTICS_HITS,
        frame: ['https://www.googletagmanager.com'],
      };
    case 'MATOMO': {
      const origin = httpsOrigin(entry.config.url);
      return origin ? { script: [origin], connect: [origin], frame: [] } : emptyOrigins();
    }
    case 'PLAUSIBLE': {
      const origin = `https://${entry.config.scriptHost ?? 'plausible.io'}`;
      return { script: [origin], connect: [origin], frame: [] };
    }
    case 'FACEBOOK_PIXEL':
      return {
        script: ['https://connect.facebook.net'],
        connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
        frame: [],
      };
  }
}

/**
 * What Stripe's Payment Element needs, as Stripe documents it for a Content-Security-Policy:
 * Stripe.js and its frames (the card fields, 3-D Secure through hooks.stripe.com) and its API.
 */
export const STRIPE_ORIGINS: Origins = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
};

function emptyOrigins(): Origins {
  return { script: [], connect: [], frame: [] };
}

/** The https origin of an address, or null for anything else (http, a malformed value). */
function httpsOrigin(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The https origins a site's own script names (`https://widget.example.com/loader.js`, or a bare
 * `//cdn.example.com/x.js`): the administrator's code usually loads a widget from there, which
 * then talks back to the same origin. Plain http is left out: the page is served over https in
 * production and the browser would block it anyway.
 */
export function scriptOrigins(script: string | null): string[] {
  if (!script) return [];
  const origins = new Set<string>();
  for (const match of script.matchAll(
    /(?:https:|(?<![\w:]))\/\/([a-z0-9.-]+\.[a-z]{2,}(?::\d{1,5})?)(?=[/'"`?#\s]|$)/gi,
  )) {
    const origin = httpsOrigin(`https://${match[1]!}`);
    if (origin) origins.add(origin.toLowerCase());
  }
  return [...origins];
}

const BASE_DIRECTIVES = [
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
];

/**
 * The Content-Security-Policy of one site's pages (see docs/decisions/0015). Scripts come from the
 * storefront, inline (Next's payload on cached pages: nonces would need per-request rendering),
 * and the origins the site's own settings name; images from anywhere over https (the site's
 * content links images by address), and the relay map's tile server named as well, so that the
 * map keeps working if images over https are ever narrowed (decision 0047).
 */
export function siteContentSecurityPolicy(sources: SiteCspSources): string {
  const script = new Set<string>(["'self'", "'unsafe-inline'"]);
  const connect = new Set<string>(["'self'"]);
  const frame = new Set<string>(["'self'", ...EMBED_FRAME_ORIGINS]);
  for (const entry of sources.analytics) {
    const origins = analyticsOrigins(entry);
    origins.script.forEach((origin) => script.add(origin));
    origins.connect.forEach((origin) => connect.add(origin));
    origins.frame.forEach((origin) => frame.add(origin));
  }
  // Only on a site that takes cards: elsewhere no page may load Stripe (decision 0053).
  if (sources.cardPayment) {
    STRIPE_ORIGINS.script.forEach((origin) => script.add(origin));
    STRIPE_ORIGINS.connect.forEach((origin) => connect.add(origin));
    STRIPE_ORIGINS.frame.forEach((origin) => frame.add(origin));
  }
  for (const origin of scriptOrigins(sources.scriptToLoad)) {
    script.add(origin);
    connect.add(origin);
    frame.add(origin);
  }
  return [
    "default-src 'self'",
    `script-src ${[...script].join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    `img-src 'self' data: blob: https: ${RELAY_TILE_ORIGIN}`,
    "media-src 'self' https:",
    `frame-src ${[...frame].join(' ')}`,
    "style-src 'self' 'unsafe-inline' https:",
    "font-src 'self' data: https:",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
    ...BASE_DIRECTIVES,
  ].join('; ');
}

/** The policy of responses that are not a site's page (files, the storefront's own hooks). */
export const BASE_CONTENT_SECURITY_POLICY = BASE_DIRECTIVES.join('; ');

/**
 * The back office's policy (decision 0056): the storefront's own scripts only, none of the site's
 * analytics or custom script origins, whatever the site's settings say.
 */
export const ADMIN_CONTENT_SECURITY_POLICY = siteContentSecurityPolicy({
  analytics: [],
  scriptToLoad: null,
});
