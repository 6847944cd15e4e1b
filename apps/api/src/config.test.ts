import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_STOREFRONT_PUBLIC_DIR,
  loadConfig,
  loadServerConfig,
  PRODUCTION_WITHOUT_SMTP_MESSAGE,
} from './config';
import { explainStartupFailure } from './startup-errors';

const SECRET = 'un-secret-de-seize-caracteres';

describe('loadConfig', () => {
  it('gives every variable its documented default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      API_PORT: 4000,
      API_HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      NODE_ENV: 'development',
      AUTH_RATE_LIMIT_SCALE: 1,
      LOAD_SVG_ALLOWED_ORIGINS: [],
      STOREFRONT_PUBLIC_DIR: DEFAULT_STOREFRONT_PUBLIC_DIR,
    });
    expect(config.GOOGLE_PLACES_PLACE_IDS.size).toBe(0);
    expect(config.STOREFRONT_URL).toBeUndefined();
    expect(config.REVALIDATE_SECRET).toBeUndefined();
    expect(config.GOOGLE_PLACES_API_KEY).toBeUndefined();
  });

  it('reads only the environment it is given, never process.env', () => {
    process.env.STOREFRONT_URL = 'http://127.0.0.1:3999';
    try {
      expect(loadConfig({}).STOREFRONT_URL).toBeUndefined();
    } finally {
      delete process.env.STOREFRONT_URL;
    }
  });

  it('treats empty and blank variables as unset', () => {
    const config = loadConfig({
      GOOGLE_PLACES_API_KEY: '',
      GOOGLE_PLACES_PLACE_IDS: '',
      STOREFRONT_URL: ' ',
      LOAD_SVG_ALLOWED_ORIGINS: '',
    });
    expect(config.GOOGLE_PLACES_API_KEY).toBeUndefined();
    expect(config.GOOGLE_PLACES_PLACE_IDS.size).toBe(0);
    expect(config.STOREFRONT_URL).toBeUndefined();
    expect(config.LOAD_SVG_ALLOWED_ORIGINS).toEqual([]);
  });
});

describe('Google Places settings', () => {
  it('reads the key and one place id per site', () => {
    const config = loadConfig({
      GOOGLE_PLACES_API_KEY: ' AIzaExampleKey ',
      GOOGLE_PLACES_PLACE_IDS: '91:ChIJ3S-JXmauEmsRUcIaWtf4MzE, 92:ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
    expect(config.GOOGLE_PLACES_API_KEY).toBe('AIzaExampleKey');
    expect([...config.GOOGLE_PLACES_PLACE_IDS]).toEqual([
      [91, 'ChIJ3S-JXmauEmsRUcIaWtf4MzE'],
      [92, 'ChIJN1t_tDeuEmsRUsoyG83frY4'],
    ]);
  });

  it.each([
    'ChIJ3S-JXmauEmsRUcIaWtf4MzE',
    'x:ChIJ3S-JXmauEmsRUcIaWtf4MzE',
    '91:short',
    '91:ChIJ/../../x',
  ])('stops the start on the malformed entry %s', (value) => {
    expect(() => loadConfig({ GOOGLE_PLACES_PLACE_IDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ GOOGLE_PLACES_PLACE_IDS: value })).toThrow(
      /GOOGLE_PLACES_PLACE_IDS must be a comma list of siteId:placeId pairs/,
    );
  });
});

describe('storefront revalidation settings', () => {
  it('reads STOREFRONT_URL and REVALIDATE_SECRET, trimmed', () => {
    const config = loadConfig({
      STOREFRONT_URL: ' http://127.0.0.1:3000 ',
      REVALIDATE_SECRET: SECRET,
    });
    expect(config.STOREFRONT_URL).toBe('http://127.0.0.1:3000');
    expect(config.REVALIDATE_SECRET).toBe(SECRET);
  });

  it('stops the start on a URL that is not http(s) or a secret shorter than 16 characters', () => {
    expect(() => loadConfig({ STOREFRONT_URL: 'localhost:3000' })).toThrow(
      /STOREFRONT_URL must be the storefront's http\(s\) address/,
    );
    expect(() => loadConfig({ REVALIDATE_SECRET: 'court' })).toThrow(/at least 16 characters/);
  });
});

describe('SVG source settings', () => {
  it('keeps the origins of LOAD_SVG_ALLOWED_ORIGINS and resolves STOREFRONT_PUBLIC_DIR', () => {
    const config = loadConfig({
      LOAD_SVG_ALLOWED_ORIGINS: 'https://cdn.example.com/path/ http://images.example.org:8080',
      STOREFRONT_PUBLIC_DIR: 'relative/public',
    });
    expect(config.LOAD_SVG_ALLOWED_ORIGINS).toEqual([
      'https://cdn.example.com',
      'http://images.example.org:8080',
    ]);
    expect(config.STOREFRONT_PUBLIC_DIR).toBe(path.resolve('relative/public'));
  });

  it('refuses a malformed origin at start-up', () => {
    expect(() => loadConfig({ LOAD_SVG_ALLOWED_ORIGINS: 'cdn.example.com' })).toThrow(
      /LOAD_SVG_ALLOWED_ORIGINS/,
    );
    expect(() => loadConfig({ LOAD_SVG_ALLOWED_ORIGINS: 'file:///tmp' })).toThrow(
      /not an http\(s\) origin/,
    );
  });
});

describe('a production start', () => {
  it('refuses a production start without SMTP_URL, in one line that says what to set', () => {
    let failure: unknown;
    try {
      loadServerConfig({ NODE_ENV: 'production' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toBe(PRODUCTION_WITHOUT_SMTP_MESSAGE);
    const shown = explainStartupFailure(failure, undefined, 'reading the configuration');
    expect(shown).toContain('SMTP_URL must be set when NODE_ENV=production');
    expect(shown).not.toContain('\n');
  });

  it('starts in production with an SMTP server, and in development without one', () => {
    expect(
      loadServerConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.fr:587' }).SMTP_URL,
    ).toBe('smtp://mail.example.fr:587');
    expect(loadServerConfig({}).SMTP_URL).toBeUndefined();
    // Tests and the seed may describe a production app without sending mail.
    expect(loadConfig({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });

  it('reads MAIL_MAX_ATTEMPTS as a whole number of attempts, and refuses 0 or a word', () => {
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3' }).MAIL_MAX_ATTEMPTS).toBe(3);
    expect(loadConfig({}).MAIL_MAX_ATTEMPTS).toBeUndefined();
    for (const value of ['0', 'huit', '2.5', '21']) {
      expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: value })).toThrow(
        'MAIL_MAX_ATTEMPTS must be a whole number of attempts (1-20)',
      );
    }
  });
});
