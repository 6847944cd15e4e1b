import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { consentSetup } from '../modules/consent/consent-services';
import {
  CONSENT_SERVICE_KEYS,
  copyVendorFiles,
  serviceFileName,
  trimServices,
} from './copy-vendor.mjs';
import path from 'node:path';

const catalogue = readFileSync(
  createRequire(import.meta.url).resolve('tarteaucitronjs/tarteaucitron.services.js'),
  'utf8',
);

describe("the cookie banner's services file", () => {
  it('keeps the definition of every service a site can configure, and no other', () => {
    const trimmed = trimServices(catalogue, CONSENT_SERVICE_KEYS);
    const defined = [...trimmed.matchAll(/^tarteaucitron\.services\.(\w+) = /gm)].map((m) => m[1]);
    expect(defined).toEqual([...CONSENT_SERVICE_KEYS]);
    expect(trimmed.length).toBeLessThan(catalogue.length / 5);
  });

  it('offers every job the consent setup can ask for', () => {
    const { jobs, pageServices } = consentSetup(
      [
        { app: 'GOOGLE_ANALYTICS', config: { measurementId: 'G-1' } },
        { app: 'MATOMO', config: { siteId: '1', url: 'https://stats.example.org' } },
        { app: 'GOOGLE_ADS', config: { conversionId: 'AW-1' } },
        { app: 'PLAUSIBLE', config: { domain: 'example.org' } },
        { app: 'GOOGLE_TAG_MANAGER', config: { containerId: 'GTM-1' } },
        { app: 'FACEBOOK_PIXEL', config: { pixelId: '1' } },
      ] as Parameters<typeof consentSetup>[0],
      true,
    );
    expect(jobs).toHaveLength(6);
    for (const job of [...jobs, ...pageServices]) expect(CONSENT_SERVICE_KEYS).toContain(job);
  });

  it('runs as valid JavaScript that defines the kept services', () => {
    const services: Record<string, unknown> = {};
    const trimmed = trimServices(catalogue, ['gtag']);
    new Function('tarteaucitron', trimmed)({ services, lang: {}, user: {} });
    expect(Object.keys(services)).toEqual(['gtag']);
  });

  it('refuses a service tarteaucitron does not know', () => {
    expect(() => trimServices(catalogue, ['no-such-service'])).toThrow(/no service/);
  });

  it('serves the core with its French texts, and each service in a file of its own', () => {
    const target = copyVendorFiles();
    const core = readFileSync(path.join(target, 'tarteaucitron.js'), 'utf8');
    expect(core).toContain('alertBigPrivacy');
    expect(core).toContain('Tout accepter');
    for (const key of CONSENT_SERVICE_KEYS) {
      const file = readFileSync(path.join(target, serviceFileName(key)), 'utf8');
      const defined = [...file.matchAll(/^tarteaucitron\.services\.(\w+) = /gm)].map((m) => m[1]);
      expect(defined).toEqual([key]);
    }
  });
});

describe("axe-core's files for the publish check", () => {
  it('serves the script and its French texts next to each other', () => {
    const target = path.join(path.dirname(copyVendorFiles()), 'axe-core');
    const script = readFileSync(path.join(target, 'axe.min.js'), 'utf8');
    expect(script).toMatch(/^\/\*! axe v4\./);
    const locale = JSON.parse(readFileSync(path.join(target, 'fr.json'), 'utf8')) as {
      lang: string;
      rules: Record<string, { help: string }>;
    };
    expect(locale.lang).toBe('fr');
    expect(locale.rules['image-alt']?.help).toMatch(/alternative textuelle/);
  });
});
