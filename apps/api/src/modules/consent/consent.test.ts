import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_CHOICES_MESSAGE } from '@comptoir/contract/consent';
import { consentLog } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

const SECRET = 'a-consent-secret-of-the-platform';
const ADDRESS = '203.0.113.77';
const NOW = new Date('2026-11-29T17:00:00Z');
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { CONSENT_LOG_SECRET: SECRET }, now: () => NOW });
  await testApp.app.ready();
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

function postConsent(siteId: number, payload: unknown, remoteAddress = ADDRESS) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/consent',
    payload: payload as object,
    remoteAddress,
  });
}

describe('the cookie consent log', () => {
  it('records the choice with its time and banner version, and the address only as an HMAC', async () => {
    const response = await postConsent(92, {
      choices: { gtag: true, openstreetmap: false },
      bannerVersion: 'bandeau-2026-11',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await testApp.database.db
      .select()
      .from(consentLog)
      .where(eq(consentLog.siteId, 92));
    const row = rows.find((entry) => entry.bannerVersion === 'bandeau-2026-11');
    expect(row).toMatchObject({
      choices: { gtag: true, openstreetmap: false },
      createdAt: NOW,
      addressHash: createHmac('sha256', SECRET).update(ADDRESS).digest('hex'),
    });
    // No column keeps the address itself.
    expect(JSON.stringify(rows)).not.toContain(ADDRESS);
  });

  it('refuses a choice it cannot read with a clear message, and writes nothing', async () => {
    const before = (await testApp.database.db.select().from(consentLog)).length;
    for (const payload of [
      { choices: {}, bannerVersion: 'v1' },
      { choices: { gtag: 'oui' }, bannerVersion: 'v1' },
      { choices: { 'gt ag<script>': true }, bannerVersion: 'v1' },
      { choices: { gtag: true }, bannerVersion: '' },
    ]) {
      const response = await postConsent(92, payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const response = await postConsent(92, { choices: {}, bannerVersion: 'v1' });
    expect(JSON.stringify(response.json())).toContain(CONSENT_CHOICES_MESSAGE);
    expect((await testApp.database.db.select().from(consentLog)).length).toBe(before);
  });

  it('exports the site’s log as CSV to its owner only', async () => {
    await postConsent(92, { choices: { matomo: false }, bannerVersion: 'v92' }, '198.51.100.9');
    await postConsent(91, { choices: { matomo: true }, bannerVersion: 'v91' }, '198.51.100.10');
    const db = testApp.database.db;
    const admin = await createUserWithSession(db, { siteId: 92, role: 'ADMIN' });
    const customer = await createUserWithSession(db, { siteId: 92 });
    const otherAdmin = await createUserWithSession(db, { siteId: 91, role: 'ADMIN' });
    const get = (token: string | null, siteId = 92) =>
      siteRequest(testApp.app, siteId, {
        method: 'GET',
        url: '/admin/consent/csv',
        headers: token ? bearer(token) : {},
      });

    expect((await get(null)).statusCode).toBe(401);
    expect((await get(customer.token)).statusCode).toBe(403);
    // Another site's administrator has no session here.
    expect((await get(otherAdmin.token)).statusCode).toBe(401);

    const response = await get(admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('consentements-cookies-2026-11-29');
    const parsed = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      delimiter: ';',
      skipEmptyLines: true,
    });
    const [header, ...lines] = parsed.data;
    expect(header).toEqual(['Date', 'Choix', 'Version du bandeau', 'Empreinte de l’adresse']);
    expect(lines).toContainEqual([
      '29/11/2026 18:00',
      'matomo : refusé',
      'v92',
      createHmac('sha256', SECRET).update('198.51.100.9').digest('hex'),
    ]);
    expect(lines.some((line) => line[2] === 'v91')).toBe(false);
    expect(response.body).not.toContain('198.51.100');
  });
});

describe('the consent log without CONSENT_LOG_SECRET', () => {
  it('hashes under a key the platform keeps: one address, one hash, across calls', async () => {
    const other = await createTestApp();
    try {
      await other.app.ready();
      for (let i = 0; i < 2; i += 1) {
        const response = await siteRequest(other.app, 92, {
          method: 'POST',
          url: '/consent',
          payload: { choices: { gtag: false }, bannerVersion: 'v1' },
          remoteAddress: ADDRESS,
        });
        expect(response.statusCode).toBe(200);
      }
      const rows = await other.database.db.select().from(consentLog);
      expect(rows).toHaveLength(2);
      expect(rows[0]?.addressHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.addressHash).toBe(rows[1]?.addressHash);
      expect(rows[0]?.addressHash).not.toBe(
        createHmac('sha256', SECRET).update(ADDRESS).digest('hex'),
      );
    } finally {
      await other.close();
    }
  });
});
