import type { ExternalAppPublicConfig } from '@comptoir/contract/external-app';

/**
 * What tarteaucitron needs to know about the site's analytics services: its job keys, in the
 * order the services were configured, and the identifiers it reads from `tarteaucitron.user`.
 * A service without a configuration is simply absent, so its script is never even offered.
 */
export interface ConsentSetup {
  jobs: string[];
  user: Record<string, string>;
  /**
   * Third-party services the storefront itself runs on the page that needs them (the relay map's
   * OpenStreetMap tiles): listed in tarteaucitron's panel and answered by the banner's « Tout
   * accepter » / « Tout refuser », but never a reason on their own to show the banner on every
   * page or to load tarteaucitron (the page asks in place, decision 0047).
   */
  pageServices: string[];
}

/**
 * The relay map's tiles come from tile.openstreetmap.org: tarteaucitron's own `openstreetmap`
 * key, so that its panel and cookie name the service as it knows it.
 */
export const MAP_SERVICE = 'openstreetmap';

/** A shop (a site that sells online) offers the relay map of its delivery step. */
export function consentSetup(
  configs: readonly ExternalAppPublicConfig[],
  shop = false,
): ConsentSetup {
  const jobs: string[] = [];
  const user: Record<string, string> = {};
  for (const entry of configs) {
    switch (entry.app) {
      case 'GOOGLE_ANALYTICS':
        jobs.push('gtag');
        user.gtagUa = entry.config.measurementId;
        break;
      case 'MATOMO':
        jobs.push('matomo');
        user.matomoId = entry.config.siteId;
        user.matomoHost = entry.config.url.endsWith('/')
          ? entry.config.url
          : `${entry.config.url}/`;
        break;
      case 'GOOGLE_ADS':
        jobs.push('googleads');
        user.googleadsId = entry.config.conversionId;
        break;
      case 'PLAUSIBLE':
        jobs.push('plausible');
        user.plausibleDomain = entry.config.domain;
        if (entry.config.scriptHost) user.plausibleEndpoint = entry.config.scriptHost;
        break;
      case 'GOOGLE_TAG_MANAGER':
        jobs.push('googletagmanager');
        user.googletagmanagerId = entry.config.containerId;
        break;
      case 'FACEBOOK_PIXEL':
        jobs.push('facebookpixel');
        user.facebookpixelId = entry.config.pixelId;
        break;
    }
  }
  return { jobs, user, pageServices: shop ? [MAP_SERVICE] : [] };
}

/**
 * The banner's settings (docs/requirements/consent-and-analytics.md): at the bottom, with accept-all and deny-all buttons, the
 * mandatory-cookies notice, in French. Every service waits for consent — even the
 * "privacy by design" ones tarteaucitron would otherwise start at once — and Google's consent
 * mode is off, as it would load Google's script before any choice.
 */
export const TARTEAUCITRON_SETTINGS = {
  privacyUrl: '/privacy-policy',
  readmoreLink: '/cookie-policy',
  bodyPosition: 'top',
  hashtag: '#tarteaucitron',
  cookieName: 'tarteaucitron',
  orientation: 'bottom',
  groupServices: false,
  showDetailsOnClick: true,
  serviceDefaultState: 'wait',
  showAlertSmall: false,
  showTitleBanner: false,
  cookieslist: false,
  cookieslistEmbed: false,
  showIcon: false,
  adblocker: false,
  DenyAllCta: true,
  AcceptAllCta: true,
  highPrivacy: true,
  alwaysNeedConsent: true,
  handleBrowserDNTRequest: false,
  removeCredit: true,
  moreInfoLink: true,
  useExternalCss: false,
  // The page loads the language (bundled with the core) and the site's services itself.
  useExternalJs: true,
  mandatory: true,
  mandatoryCta: true,
  closePopup: false,
  googleConsentMode: false,
  bingConsentMode: false,
  pianoConsentMode: false,
  softConsentMode: false,
  dataLayer: false,
  serverSide: false,
  partnersList: false,
} as const;
