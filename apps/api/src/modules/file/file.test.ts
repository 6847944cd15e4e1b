import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { storedFiles } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import { FILE_NOT_FOUND_MESSAGE, dispositionFilename } from './file-service';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let otherSiteAdminToken: string;
const keys: Record<string, string> = {};

/** A file written the way a form answer writes it: bytes in storage, a row of its site. */
async function storeFile(
  siteId: number,
  content: Buffer,
  extension: string,
  row: { originalName: string; mimeType: string; isCheckedImage: boolean },
): Promise<string> {
  const storageKey = await testApp.app.storage.save(content, extension);
  await testApp.database.db
    .insert(storedFiles)
    .values({ siteId, storageKey, size: content.length, ...row });
  return storageKey;
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  otherSiteAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
  keys.photo = await storeFile(91, PNG, 'png', {
    originalName: 'portrait été.png',
    mimeType: 'image/png',
    isCheckedImage: true,
  });
  keys.undecoded = await storeFile(91, PNG.subarray(0, 20), 'png', {
    originalName: 'abîmée.png',
    mimeType: 'image/png',
    isCheckedImage: false,
  });
  keys.cv = await storeFile(91, PDF, 'pdf', {
    originalName: 'CV "Léa".pdf',
    mimeType: 'application/pdf',
    isCheckedImage: false,
  });
  // Not something a form accepts today; the serving rule must hold whatever is stored.
  keys.svg = await storeFile(91, SVG, 'svg', {
    originalName: 'logo.svg',
    mimeType: 'image/svg+xml',
    isCheckedImage: true,
  });
  keys.otherSite = await storeFile(92, PNG, 'png', {
    originalName: 'etiquette.png',
    mimeType: 'image/png',
    isCheckedImage: true,
  });
});
afterAll(async () => {
  await testApp?.close();
});

function getFile(key: string, options: { token?: string; siteId?: number } = {}) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'GET',
    url: `/file/${key}`,
    headers: options.token ? bearer(options.token) : {},
  });
}

describe('GET /file/:key', () => {
  it('shows a checked image inline, with its type, to an administrator of its site', async () => {
    for (const token of [adminToken, superAdminToken]) {
      const response = await getFile(keys.photo!, { token });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['content-disposition']).toBe(
        `inline; ${dispositionFilename('portrait été.png')}`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload).toEqual(PNG);
    }
  });

  it('sends a PDF as an attachment of opaque bytes with its name', async () => {
    const response = await getFile(keys.cv!, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="CV _Lea_.pdf"; filename*=UTF-8''CV%20%22L%C3%A9a%22.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload).toEqual(PDF);
  });

  it('never shows an SVG nor an image that did not decode inline', async () => {
    for (const key of [keys.svg!, keys.undecoded!]) {
      const response = await getFile(key, { token: adminToken });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses visitors with 401 and customers with 403', async () => {
    const anonymous = await getFile(keys.photo!);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
    const customer = await getFile(keys.photo!, { token: customerToken });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
  });

  it("does not find another site's file, whoever asks", async () => {
    const fromSite91 = await getFile(keys.otherSite!, { token: adminToken });
    expect(fromSite91.statusCode).toBe(404);
    expect(fromSite91.json().message).toBe(FILE_NOT_FOUND_MESSAGE);
    const fromSite92 = await getFile(keys.photo!, { token: otherSiteAdminToken, siteId: 92 });
    expect(fromSite92.statusCode).toBe(404);
    // The site 92 administrator's own file is served to them.
    expect(
      (await getFile(keys.otherSite!, { token: otherSiteAdminToken, siteId: 92 })).statusCode,
    ).toBe(200);
  });

  it('does not find an unknown key, and refuses what is not a key with 400', async () => {
    expect((await getFile(`${'0'.repeat(32)}.png`, { token: adminToken })).statusCode).toBe(404);
    for (const key of ['..%2F..%2Fetc%2Fpasswd', 'portrait.png', `${'A'.repeat(32)}.png`]) {
      expect((await getFile(key, { token: adminToken })).statusCode).toBe(400);
    }
  });
});
