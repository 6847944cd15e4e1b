import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ONLY_MESSAGE,
  PAGE_NOT_FOUND_MESSAGE,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_IMAGE_MISSING_MESSAGE,
  PREVIEW_IMAGE_TOO_LARGE_MESSAGE,
  PREVIEW_IMAGE_TYPE_MESSAGE,
} from '@comptoir/contract/admin';
import { pageLayouts, pages } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JPEG, PNG, multipart, type FilePart } from '../../test/uploads';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

// A 1×1 WebP, next to the PNG and JPEG of the shared test uploads.
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let salonPageId: number;
let domainePageId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  const pageOf = async (siteId: number) =>
    (
      await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), eq(pages.url, '/')))
    )[0]!.id;
  salonPageId = await pageOf(91);
  domainePageId = await pageOf(92);
});
afterAll(async () => {
  await testApp?.close();
});

const image = (data: Buffer, filename = 'apercu.png', contentType = 'image/png'): FilePart => ({
  filename,
  contentType,
  data,
});

function uploadPreview(
  fields: Record<string, string | FilePart>,
  options: { token?: string; siteId?: number; pageId?: number; layoutId?: number } = {},
) {
  const body = multipart(fields);
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'PUT',
    url: `/admin/page/${options.pageId ?? salonPageId}/layout/${options.layoutId ?? 1}/preview`,
    payload: body.payload,
    headers: { ...body.headers, ...(options.token ? bearer(options.token) : {}) },
  });
}

function checkHash(
  html: string,
  options: { token?: string; pageId?: number; layoutId?: number } = {},
) {
  return siteRequest(testApp.app, 91, {
    method: 'POST',
    url: `/admin/page/${options.pageId ?? salonPageId}/layout/${options.layoutId ?? 1}/hash/check`,
    payload: { html },
    headers: options.token ? bearer(options.token) : {},
  });
}

async function storedLayout(pageId: number, layoutId: number) {
  const [row] = await testApp.database.db
    .select()
    .from(pageLayouts)
    .where(and(eq(pageLayouts.pageId, pageId), eq(pageLayouts.layoutId, layoutId)));
  return row;
}

describe('who may call the admin endpoints', () => {
  it('refuses visitors with 401', async () => {
    const hash = await checkHash('<p>Bonjour</p>');
    expect(hash.statusCode).toBe(401);
    expect(hash.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
    expect((await uploadPreview({ html: '<p>Bonjour</p>', image: image(PNG) })).statusCode).toBe(
      401,
    );
  });

  it('refuses customers with 403', async () => {
    const hash = await checkHash('<p>Bonjour</p>', { token: customerToken });
    expect(hash.statusCode).toBe(403);
    expect(hash.json().message).toBe(ADMIN_ONLY_MESSAGE);
    const upload = await uploadPreview(
      { html: '<p>Bonjour</p>', image: image(PNG) },
      { token: customerToken },
    );
    expect(upload.statusCode).toBe(403);
  });

  it("answers 404 for another site's page, as for a page that does not exist", async () => {
    for (const pageId of [domainePageId, 999_999]) {
      const hash = await checkHash('<p>Bonjour</p>', { token: adminToken, pageId });
      expect(hash.statusCode).toBe(404);
      expect(hash.json().message).toBe(PAGE_NOT_FOUND_MESSAGE);
      const upload = await uploadPreview(
        { html: '<p>Bonjour</p>', image: image(PNG) },
        { token: adminToken, pageId },
      );
      expect(upload.statusCode).toBe(404);
    }
    expect(await storedLayout(domainePageId, 1)).toBeUndefined();
  });

  it("refuses an admin of site 91 on site 92's pages", async () => {
    const upload = await uploadPreview(
      { html: '<p>Bonjour</p>', image: image(PNG) },
      { token: adminToken, siteId: 92, pageId: domainePageId },
    );
    expect(upload.statusCode).toBe(401);
  });
});

describe('layout hash check and preview upload', () => {
  it('tells whether the HTML is the one the stored preview was made from', async () => {
    const html = '<section class="hero"><h1>Bienvenue au salon</h1></section>';
    expect((await checkHash(html, { token: adminToken, layoutId: 7 })).json().data).toEqual({
      upToDate: false,
    });

    const upload = await uploadPreview(
      { html, image: image(PNG) },
      { token: adminToken, layoutId: 7 },
    );
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data).toMatchObject({ upToDate: true });

    expect((await checkHash(html, { token: adminToken, layoutId: 7 })).json().data).toEqual({
      upToDate: true,
    });
    expect((await checkHash(`${html} `, { token: adminToken, layoutId: 7 })).json().data).toEqual({
      upToDate: false,
    });
    expect((await checkHash(html, { token: adminToken, layoutId: 8 })).json().data).toEqual({
      upToDate: false,
    });
  });

  it("matches the page whose newlines the browser's multipart upload turned into CRLF", async () => {
    const html = '<section>\n  <h2>Notre histoire</h2>\n  <p>Depuis 2012.</p>\n</section>';
    await uploadPreview(
      { html: html.replaceAll('\n', '\r\n'), image: image(PNG) },
      { token: adminToken, layoutId: 9 },
    );
    expect((await checkHash(html, { token: adminToken, layoutId: 9 })).json().data).toEqual({
      upToDate: true,
    });
  });

  it('accepts PNG, JPEG and WebP images, checked by their content', async () => {
    for (const [layoutId, data, extension] of [
      [11, PNG, 'png'],
      [12, JPEG, 'jpg'],
      [13, WEBP, 'webp'],
    ] as const) {
      // The declared name and type do not matter: the bytes do.
      const upload = await uploadPreview(
        { html: '<p>Aperçu</p>', image: image(data, 'capture.bin', 'application/octet-stream') },
        { token: superAdminToken, layoutId },
      );
      expect(upload.statusCode).toBe(200);
      const row = await storedLayout(salonPageId, layoutId);
      expect(row?.previewKey).toMatch(new RegExp(`^[0-9a-f]{32}\\.${extension}$`));
      expect(await testApp.app.storage.read(row!.previewKey)).toEqual(data);
    }
  });

  it('refuses a file that only claims to be an image', async () => {
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      Buffer.from('Ceci est un texte.'),
    ]) {
      const upload = await uploadPreview(
        { html: '<p>x</p>', image: image(data) },
        { token: adminToken, layoutId: 20 },
      );
      expect(upload.statusCode).toBe(422);
      expect(upload.json()).toMatchObject({
        message: PREVIEW_IMAGE_TYPE_MESSAGE,
        errors: [{ key: 'image', error: PREVIEW_IMAGE_TYPE_MESSAGE }],
      });
    }
    expect(await storedLayout(salonPageId, 20)).toBeUndefined();
  });

  it('refuses an image over 5 MB', async () => {
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(PREVIEW_IMAGE_MAX_BYTES + 1 - PNG.length)]);
    const upload = await uploadPreview(
      { html: '<p>x</p>', image: image(tooLarge) },
      { token: adminToken, layoutId: 21 },
    );
    expect(upload.statusCode).toBe(413);
    expect(upload.json().message).toBe(PREVIEW_IMAGE_TOO_LARGE_MESSAGE);
    expect(await storedLayout(salonPageId, 21)).toBeUndefined();

    const justFits = Buffer.concat([PNG, Buffer.alloc(PREVIEW_IMAGE_MAX_BYTES - PNG.length)]);
    const accepted = await uploadPreview(
      { html: '<p>x</p>', image: image(justFits) },
      { token: adminToken, layoutId: 21 },
    );
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses an upload without an image or without the html field', async () => {
    const noImage = await uploadPreview({ html: '<p>x</p>' }, { token: adminToken, layoutId: 22 });
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().message).toBe(PREVIEW_IMAGE_MISSING_MESSAGE);
    const noHtml = await uploadPreview({ image: image(PNG) }, { token: adminToken, layoutId: 22 });
    expect(noHtml.statusCode).toBe(422);
    expect(noHtml.json().errors[0].key).toBe('html');
  });

  it('refuses a JSON body with a French explanation', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: `/admin/page/${salonPageId}/layout/1/preview`,
      payload: { html: '<p>x</p>' },
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/multipart\/form-data/);
  });

  it('replaces the previous preview and deletes its file', async () => {
    await uploadPreview(
      { html: '<p>Version 1</p>', image: image(PNG) },
      { token: adminToken, layoutId: 30 },
    );
    const first = await storedLayout(salonPageId, 30);
    await uploadPreview(
      { html: '<p>Version 2</p>', image: image(JPEG) },
      { token: adminToken, layoutId: 30 },
    );
    const second = await storedLayout(salonPageId, 30);

    expect(second?.id).toBe(first?.id);
    expect(second?.previewKey).not.toBe(first?.previewKey);
    expect(await testApp.app.storage.read(second!.previewKey)).toEqual(JPEG);
    await expect(testApp.app.storage.read(first!.previewKey)).rejects.toThrow(/ENOENT/);
    expect(
      (await checkHash('<p>Version 1</p>', { token: adminToken, layoutId: 30 })).json().data
        .upToDate,
    ).toBe(false);
    expect(
      (await checkHash('<p>Version 2</p>', { token: adminToken, layoutId: 30 })).json().data
        .upToDate,
    ).toBe(true);
  });
});
