import { describe, expect, it } from 'vitest';
import { consentSetup, TARTEAUCITRON_SETTINGS } from './consent-services';

describe('consentSetup', () => {
  it('offers no service when the site configured none', () => {
    expect(consentSetup([])).toEqual({ jobs: [], user: {}, pageServices: [] });
  });

  it('maps each configured service to its tarteaucitron job and identifiers', () => {
    expect(
      consentSetup([
        { app: 'GOOGLE_ANALYTICS', config: { measurementId: 'G-3C0TEAUX92' } },
        { app: 'MATOMO', config: { url: 'https://stats.example.fr', siteId: '7' } },
        { app: 'GOOGLE_ADS', config: { conversionId: 'AW-123456789' } },
        { app: 'PLAUSIBLE', config: { domain: 'example.fr', scriptHost: 'stats.example.fr' } },
        { app: 'GOOGLE_TAG_MANAGER', config: { containerId: 'GTM-ABC123' } },
        { app: 'FACEBOOK_PIXEL', config: { pixelId: '123456789012' } },
      ]),
    ).toEqual({
      jobs: ['gtag', 'matomo', 'googleads', 'plausible', 'googletagmanager', 'facebookpixel'],
      user: {
        gtagUa: 'G-3C0TEAUX92',
        matomoId: '7',
        matomoHost: 'https://stats.example.fr/',
        googleadsId: 'AW-123456789',
        plausibleDomain: 'example.fr',
        plausibleEndpoint: 'stats.example.fr',
        googletagmanagerId: 'GTM-ABC123',
        facebookpixelId: '123456789012',
      },
      pageServices: [],
    });
  });

  it("offers a shop's relay map as a page service, apart from the analytics jobs", () => {
    expect(
      consentSetup([{ app: 'GOOGLE_ANALYTICS', config: { measurementId: 'G-1' } }], true),
    ).toEqual({ jobs: ['gtag'], user: { gtagUa: 'G-1' }, pageServices: ['openstreetmap'] });
  });
});

describe('the banner settings', () => {
  it('ask before any service and load nothing from Google before consent', () => {
    expect(TARTEAUCITRON_SETTINGS).toMatchObject({
      orientation: 'bottom',
      AcceptAllCta: true,
      DenyAllCta: true,
      mandatory: true,
      highPrivacy: true,
      alwaysNeedConsent: true,
      googleConsentMode: false,
      serviceDefaultState: 'wait',
    });
  });
});
