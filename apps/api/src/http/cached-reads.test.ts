import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterSchema } from '@comptoir/contract/parameter';
import { pages } from '../db/schema';
import { bearer } from '../test/accounts';
import { siteRequest } from '../test/http';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let testApp: TestApp;
let adminToken: string;
let aboutPageId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  const [about] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.siteId, 91), eq(pages.url, '/qui-sommes-nous')));
  aboutPageId = about!.id;
});

afterAll(async () => {
  await testApp?.close();
});

function read(url: string, options: { siteId?: number; etag?: string; query?: object } = {}) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'GET',
    url,
    ...(options.query ? { query: options.query as Record<string, string> } : {}),
    headers: options.etag ? { 'if-none-match': options.etag } : {},
  });
}

function adminWrite(url: string, payload: object) {
  return siteRequest(testApp.app, 91, {
    method: 'PUT',
    url,
    payload,
    headers: bearer(adminToken),
  });
}

describe('site-wide reads served from a cached body', () => {
  it.each(['/parameter', '/site/info', '/page/tree'])(
    '%s answers the same bytes with a strong ETag, and 304 without a body when the ETag is known',
    async (url) => {
      const first = await read(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.json()).toMatchObject({ success: true, message: null });

      const second = await read(url);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(etag);

      const revalidated = await read(url, { etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);

      // A weak form of the same tag, or a list naming it, matches too (RFC 9110 §13.1.2).
      expect((await read(url, { etag: `W/${etag}` })).statusCode).toBe(304);
      expect((await read(url, { etag: `"autre", ${etag}` })).statusCode).toBe(304);
      expect((await read(url, { etag: '"autre"' })).statusCode).toBe(200);
    },
  );

  it('keeps each site its own body and ETag', async () => {
    const salon = await read('/site/info', { siteId: 91 });
    const domaine = await read('/site/info', { siteId: 92 });
    expect(salon.json().data.id).toBe(91);
    expect(domaine.json().data.id).toBe(92);
    expect(domaine.headers.etag).not.toBe(salon.headers.etag);
    // Site 91's ETag means nothing on site 92.
    expect(
      (await read('/site/info', { siteId: 92, etag: salon.headers.etag as string })).statusCode,
    ).toBe(200);
  });

  it.each(['/parameter', '/site/info', '/page/tree', '/page/:home'])(
    '%s is the same for every visitor: the language and the session do not change it',
    async (route) => {
      const home = (await read('/page/tree'))
        .json()
        .data.find((page: { url: string }) => page.url === '/') as { id: number };
      const url = route.replace(':home', String(home.id));
      const anonymous = await read(url);
      const other = await siteRequest(testApp.app, 91, {
        method: 'GET',
        url,
        headers: { userLang: 'en_GB', ...bearer(adminToken) },
      });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(anonymous.body);
      expect(other.headers.etag).toBe(anonymous.headers.etag);
    },
  );

  it('answers a filtered parameter list afresh, with the same shape and no ETag', async () => {
    const filtered = await read('/parameter', { query: { type: 'PRIMARY_COLOR' } });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers.etag).toBeUndefined();
    const [parameter] = parameterSchema.array().parse(filtered.json().data);
    const whole = parameterSchema.array().parse((await read('/parameter')).json().data);
    expect(whole.find((candidate) => candidate.type === 'PRIMARY_COLOR')).toEqual(parameter);
  });

  it('an unknown page is a 404 envelope, and is not kept', async () => {
    const missing = await read('/page/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.json()).toMatchObject({ success: false, data: null });
  });

  it('a parameter saved by an admin is served at once, under a new ETag', async () => {
    const before = await read('/parameter');
    const oldEtag = before.headers.etag as string;

    const saved = await adminWrite('/admin/parameter/COMPANY_PHONE', { value: '04 78 00 11 22' });
    expect(saved.statusCode).toBe(200);

    const after = await read('/parameter', { etag: oldEtag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(oldEtag);
    const phone = parameterSchema
      .array()
      .parse(after.json().data)
      .find((parameter) => parameter.type === 'COMPANY_PHONE');
    expect(phone?.value).toBe('04 78 00 11 22');
    expect((await read('/parameter', { etag: after.headers.etag as string })).statusCode).toBe(304);
  });

  it("a page's blocks saved by an admin are served at once, under a new ETag", async () => {
    const before = await read(`/page/${aboutPageId}`);
    expect(before.statusCode).toBe(200);
    const oldEtag = before.headers.etag as string;
    expect((await read(`/page/${aboutPageId}`, { etag: oldEtag })).statusCode).toBe(304);

    const blocks = [{ type: 'richText', title: 'Notre histoire', html: '<p>Depuis 2011.</p>' }];
    expect((await adminWrite(`/admin/page/${aboutPageId}/blocks`, { blocks })).statusCode).toBe(
      200,
    );

    const after = await read(`/page/${aboutPageId}`, { etag: oldEtag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(oldEtag);
    expect(after.json().data.blocks).toEqual(blocks);
  });

  it('a refused admin write leaves the cached body and its ETag as they were', async () => {
    const before = await read('/parameter');
    const refused = await adminWrite('/admin/parameter/PRIMARY_COLOR', {
      value: 'pas une couleur',
    });
    expect(refused.statusCode).toBe(422);
    const after = await read('/parameter', { etag: before.headers.etag as string });
    expect(after.statusCode).toBe(304);
  });
});
