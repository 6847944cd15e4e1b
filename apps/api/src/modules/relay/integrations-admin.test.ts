import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  eq,
} from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box';
import { rotateSecrets } from '../../lib/secret-rotation';
import { reviewSecretStore } from '../review';
import { relaySecretStore } from './relay-settings';
import {
  GOOGLE_REVIEWS_NOT_CONFIGURED_MESSAGE,
  MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE,
} from '@comptoir/contract/admin-integrations';
import { accessPointSchema } from '@comptoir/contract/relay';
import {
  externalAppConfigs,
  siteRelaySettings,
  siteReviewSettings,
} from '../../db/schema';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';
import { startFakeMondialRelay, type FakeMondialRelay } from '../../test/fake-mondial-relay';
import { siteRequest } from '../../test/http';

/*
 * The « Intégrations » screen's API (decision 0108), on one app: the analytics identifiers the
 * consent banner reads, the Google Places connection with « Récupérer maintenant », and the relay
 * provider, Mondial Relay answering from the fake service. No secret ever comes back: not in an
 * answer, not in the journal, not in the log.
 */

const GOOGLE_KEY = 'AIzaSyD-fakefakefakefakefakefake0123Q2c';
const PLACE_ID = 'ChIJ3S-JXmauEmsRUcIaWtf4MzE';
/** The site's Mondial Relay account, which the fake service knows (a key no field name holds). */
const ACCOUNT = { brand: 'CC12AB34', privateKey: 'Zq7Lp2Xw9K' };

let harness: AdminHarness;
let relay: FakeMondialRelay;
let google: { server: Server; url: string; failing: boolean; keys: string[] };
const logLines: string[] = [];
/** Every answer body the tests received, to look for secrets in. */
const answers: string[] = [];

async function startFakeGoogle() {
  const sample = await readFile(
    new URL('../review/google-places-details-sample.json', import.meta.url),
    'utf8',
  );
  const fake = { failing: false, keys: [] as string[] } as typeof google;
  fake.server = createServer((request, response) => {
    fake.keys.push(String(request.headers['x-goog-api-key']));
    if (fake.failing) {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { code: 403, message: 'Places API (New) has not been used.' } }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(sample);
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1/places/`;
  return fake;
}

/** The platform key the test's API seals with, so that the rotation test can name it. */
const PLATFORM_KEY = randomBytes(32);

beforeAll(async () => {
  relay = await startFakeMondialRelay({ accounts: new Map([[ACCOUNT.brand, ACCOUNT.privateKey]]) });
  google = await startFakeGoogle();
  harness = await createAdminHarness({
    env: {
      MONDIAL_RELAY_API_URL: relay.url,
      GOOGLE_PLACES_API_URL: google.url,
      SECRETS_KEY: PLATFORM_KEY.toString('base64'),
    },
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
});

afterAll(async () => {
  await harness?.close();
  await relay?.close();
  await new Promise((resolve) => google?.server.close(resolve));
});

beforeEach(() => {
  relay.mode = { kind: 'points' };
  google.failing = false;
});

async function send(method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, siteId = 91) {
  const token = siteId === 91 ? harness.tokens.admin : harness.tokens.otherSiteAdmin;
  const response = await harness.send(method, url, {
    token,
    siteId,
    ...(payload === undefined ? {} : { payload }),
  });
  answers.push(response.body);
  return response;
}

const emptyAnalytics = {
  matomoUrl: '',
  matomoSiteId: '',
  googleAnalyticsMeasurementId: '',
  googleAdsConversionId: '',
  plausibleDomain: '',
  plausibleScriptHost: '',
  googleTagManagerContainerId: '',
  facebookPixelId: '',
};

describe('who may use the screen', () => {
  it.each([
    ['GET', '/admin/integrations/analytics', undefined],
    ['PUT', '/admin/integrations/analytics', emptyAnalytics],
    ['GET', '/admin/integrations/google-reviews', undefined],
    ['GET', '/admin/integrations/relay', undefined],
    ['PUT', '/admin/integrations/relay', { provider: 'DEMO', mondialRelayBrand: '' }],
  ] as const)('%s %s', async (method, url, payload) => {
    await harness.expectRoleMatrix(async () => ({
      method,
      url,
      ...(payload ? { payload } : {}),
    }));
  });
});

describe('the analytics identifiers', () => {
  it('writes the services the consent banner loads, and an emptied field disconnects its service', async () => {
    await harness.resetRevalidations();
    const saved = await send('PUT', '/admin/integrations/analytics', {
      ...emptyAnalytics,
      matomoUrl: 'https://stats.atelier.fr/',
      matomoSiteId: '3',
      googleAnalyticsMeasurementId: 'G-ABC123XYZ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      matomoUrl: 'https://stats.atelier.fr/',
      matomoSiteId: '3',
      googleAnalyticsMeasurementId: 'G-ABC123XYZ',
      facebookPixelId: null,
    });
    const banner = await siteRequest(harness.testApp.app, 91, {
      method: 'GET',
      url: '/external-app/GOOGLE_ANALYTICS/config/public',
    });
    expect(banner.json().data).toEqual({
      app: 'GOOGLE_ANALYTICS',
      config: { measurementId: 'G-ABC123XYZ' },
    });
    expect((await harness.revalidatedTags()).flat()).toContain('site:91:external-apps');

    await send('PUT', '/admin/integrations/analytics', {
      ...emptyAnalytics,
      matomoUrl: 'https://stats.atelier.fr/',
      matomoSiteId: '3',
    });
    const gone = await siteRequest(harness.testApp.app, 91, {
      method: 'GET',
      url: '/external-app/GOOGLE_ANALYTICS/config/public',
    });
    expect(gone.statusCode).toBe(404);
    const [entry] = await harness.auditRows(91, 'analytics-settings');
    expect(entry).toMatchObject({
      before: expect.objectContaining({ googleAnalyticsMeasurementId: 'G-ABC123XYZ' }),
      after: expect.objectContaining({ googleAnalyticsMeasurementId: null }),
    });
  });

  it('refuses a malformed identifier, or Matomo without its site number, with a 422 and changes nothing', async () => {
    const before = await harness.db
      .select()
      .from(externalAppConfigs)
      .where(eq(externalAppConfigs.siteId, 91));
    const wrong = await send('PUT', '/admin/integrations/analytics', {
      ...emptyAnalytics,
      googleAnalyticsMeasurementId: 'UA-1234-1',
      matomoUrl: 'http://stats.atelier.fr/',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual(
      expect.arrayContaining([
        {
          key: 'googleAnalyticsMeasurementId',
          error: 'Un identifiant de mesure GA4 : G- suivi de majuscules et de chiffres.',
        },
        { key: 'matomoUrl', error: 'L’adresse https:// de votre serveur Matomo.' },
      ]),
    );
    const half = await send('PUT', '/admin/integrations/analytics', {
      ...emptyAnalytics,
      matomoUrl: 'https://stats.atelier.fr/',
    });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors).toEqual([
      { key: 'matomoSiteId', error: 'Matomo demande l’adresse du serveur et le numéro du site.' },
    ]);
    const after = await harness.db
      .select()
      .from(externalAppConfigs)
      .where(eq(externalAppConfigs.siteId, 91));
    expect(after).toEqual(before);
  });
});

describe('the Google Places connection', () => {
  it('keeps the key sealed, answers it masked, and keeps it when the field is left empty', async () => {
    const saved = await send('PUT', '/admin/integrations/google-reviews', {
      apiKey: GOOGLE_KEY,
      placeId: PLACE_ID,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      apiKey: { set: true, masked: '••••3Q2c' },
      placeId: PLACE_ID,
      lastFetch: null,
    });
    const [row] = await harness.db
      .select()
      .from(siteReviewSettings)
      .where(eq(siteReviewSettings.siteId, 91));
    expect(row?.googlePlacesKeySealed).toMatch(/^v1:/);
    expect(row?.googlePlacesKeySealed).not.toContain(GOOGLE_KEY);

    const kept = await send('PUT', '/admin/integrations/google-reviews', {
      apiKey: '',
      placeId: PLACE_ID,
    });
    expect(kept.json().data.apiKey).toEqual({ set: true, masked: '••••3Q2c' });
    const [entry] = await harness.auditRows(91, 'google-reviews-settings');
    expect(entry?.after).toEqual({ googlePlaceId: PLACE_ID, googlePlacesKeyKept: true });
  });

  it('« Récupérer maintenant » fetches with the site’s key and says how it went, a refusal included', async () => {
    const fetched = await send('POST', '/admin/integrations/google-reviews/fetch');
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data.lastFetch).toMatchObject({
      status: 'OK',
      message: '4 avis récupérés.',
    });
    expect(google.keys.at(-1)).toBe(GOOGLE_KEY);

    google.failing = true;
    const refused = await send('POST', '/admin/integrations/google-reviews/fetch');
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.lastFetch).toMatchObject({
      status: 'FAILED',
      message: 'Google Places answered 403: Places API (New) has not been used.',
    });
    const status = await send('GET', '/admin/integrations/google-reviews');
    expect(status.json().data.lastFetch.status).toBe('FAILED');
  });

  it('refuses a malformed key, and « Récupérer maintenant » on a site without a place', async () => {
    const wrong = await send('PUT', '/admin/integrations/google-reviews', {
      apiKey: 'not-a-key',
      placeId: 'ChIJ with spaces',
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      wrong
        .json()
        .errors.map((error: { key: string }) => error.key)
        .sort(),
    ).toEqual(['apiKey', 'placeId']);
    const none = await send('POST', '/admin/integrations/google-reviews/fetch', undefined, 92);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(GOOGLE_REVIEWS_NOT_CONFIGURED_MESSAGE);
  });
});

describe('the relay provider', () => {
  const search = (siteId: number) =>
    siteRequest(harness.testApp.app, siteId, {
      method: 'POST',
      url: '/relay/access-points',
      payload: { postalCode: '29200', city: 'Brest', country: 'FRA' },
    });

  it('serves the demo points until the owner chooses Mondial Relay, then the provider’s points near Brest', async () => {
    expect((await search(91)).json().data).toEqual([]);
    const saved = await send('PUT', '/admin/integrations/relay', {
      provider: 'MONDIAL_RELAY',
      mondialRelayBrand: ACCOUNT.brand,
      mondialRelayPrivateKey: ACCOUNT.privateKey,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      provider: 'MONDIAL_RELAY',
      mondialRelayBrand: 'CC12AB34',
      mondialRelayPrivateKey: { set: true, masked: '••••' },
    });
    const found = await search(91);
    expect(found.statusCode).toBe(200);
    const points = accessPointSchema.array().parse(found.json().data);
    expect(points.map((point) => point.name)).toEqual([
      'TABAC PRESSE DE SIAM',
      'LA CAVE DU PORT & FILS',
      'PRESSING DE LAMBEZELLEC',
    ]);
    // Another site keeps its own provider: the demo points, none near Brest.
    expect((await search(92)).json().data).toEqual([]);
    const [entry] = await harness.auditRows(91, 'relay-settings');
    expect(entry).toMatchObject({
      summary: 'Points relais : Mondial Relay',
      after: { provider: 'MONDIAL_RELAY', mondialRelayPrivateKeyKept: true },
    });
  });

  it('refuses credentials Mondial Relay refuses, with its reason, and keeps the previous ones', async () => {
    const refused = await send('PUT', '/admin/integrations/relay', {
      provider: 'MONDIAL_RELAY',
      mondialRelayBrand: 'CC12AB34',
      mondialRelayPrivateKey: 'WrongKey1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Mondial Relay a refusé la recherche : Clé de sécurité invalide (code 97).',
    );
    const missing = await send(
      'PUT',
      '/admin/integrations/relay',
      { provider: 'MONDIAL_RELAY', mondialRelayBrand: 'CC12AB34' },
      92,
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(MONDIAL_RELAY_CREDENTIALS_MISSING_MESSAGE);
    const shape = await send('PUT', '/admin/integrations/relay', {
      provider: 'POSTE',
      mondialRelayBrand: 'trop long code',
    });
    expect(shape.statusCode).toBe(422);
    expect((await search(91)).json().data).toHaveLength(3);
  });

  it('answers no point, never a 5xx, when Mondial Relay refuses, fails or answers nonsense at checkout', async () => {
    for (const mode of [
      { kind: 'stat', stat: '97' },
      { kind: 'stat', stat: '99' },
      { kind: 'fault' },
      { kind: 'garbage' },
    ] as const) {
      relay.mode = mode;
      const found = await search(91);
      expect(found.statusCode, JSON.stringify(mode)).toBe(200);
      expect(found.json().data).toEqual([]);
    }
  });

  it('goes back to the demo points, keeping the account for later', async () => {
    const saved = await send('PUT', '/admin/integrations/relay', {
      provider: 'DEMO',
      mondialRelayBrand: 'CC12AB34',
    });
    expect(saved.json().data.provider).toBe('DEMO');
    expect(saved.json().data.mondialRelayPrivateKey.set).toBe(true);
    const [row] = await harness.db
      .select()
      .from(siteRelaySettings)
      .where(eq(siteRelaySettings.siteId, 91));
    expect(row?.mondialRelayPrivateKeySealed).toMatch(/^v1:/);
  });
});

describe('the secrets', () => {
  it('never appear in an answer, the journal or the log', async () => {
    const journal = JSON.stringify([
      ...(await harness.auditRows(91, 'relay-settings')),
      ...(await harness.auditRows(91, 'google-reviews-settings')),
    ]);
    await harness.testApp.app.backgroundTasks.idle();
    for (const secret of [GOOGLE_KEY, ACCOUNT.privateKey, 'WrongKey1']) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(journal).not.toContain(secret);
      expect(logLines.join('')).not.toContain(secret);
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
  });

  it('are re-sealed under a new platform key by `npm run secrets:rotate`, then open with it only', async () => {
    const db = harness.testApp.database.db;
    const oldBox = createSecretBox(PLATFORM_KEY);
    const newBox = createSecretBox(randomBytes(32));
    const stores = [relaySecretStore, reviewSecretStore];
    const first = await rotateSecrets(db, stores, oldBox, newBox);
    expect(first.resealed).toBeGreaterThanOrEqual(2);
    expect(await rotateSecrets(db, stores, oldBox, newBox)).toEqual({
      resealed: 0,
      alreadyNew: first.resealed,
      sealedFromPlain: 0,
    });
    const [relayRow] = await db
      .select()
      .from(siteRelaySettings)
      .where(eq(siteRelaySettings.siteId, 91));
    const [reviewRow] = await db
      .select()
      .from(siteReviewSettings)
      .where(eq(siteReviewSettings.siteId, 91));
    expect(newBox.open(relayRow!.mondialRelayPrivateKeySealed!)).toBe(ACCOUNT.privateKey);
    expect(newBox.open(reviewRow!.googlePlacesKeySealed!)).toBe(GOOGLE_KEY);
    expect(() => oldBox.open(relayRow!.mondialRelayPrivateKeySealed!)).toThrow();
  });
});
