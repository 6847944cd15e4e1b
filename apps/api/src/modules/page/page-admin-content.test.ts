import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ELEMENT_LIST_FULL_MESSAGE, ELEMENT_LIST_MAX_ITEMS, PARAMETER_VALUE_MESSAGES, REVALIDATE_SECRET_HEADER, STOREFRONT_REVALIDATE_PATH } from '@comptoir/contract/admin-content';
import { ADMIN_ONLY_MESSAGE, PAGE_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin';
import { elementListSchema, elementSchema } from '@comptoir/contract/element';
import { parameterSchema } from '@comptoir/contract/parameter';
import { elementLists, elements, pages, siteParameters } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

const SECRET = 'secret-partage-entre-api-et-vitrine';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in storefront that records what the API asks it to revalidate. */
let storefront: Server;
let received: RecordedRequest[] = [];

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;
let aboutPageId: number;
let domaineHomeId: number;

beforeAll(async () => {
  storefront = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: raw ? JSON.parse(raw) : null,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;

  testApp = await createTestApp({
    env: { STOREFRONT_URL: `http://127.0.0.1:${port}/`, REVALIDATE_SECRET: SECRET },
  });
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
  const pageAt = async (siteId: number, url: string) =>
    (
      await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), eq(pages.url, url)))
    )[0]!.id;
  aboutPageId = await pageAt(91, '/qui-sommes-nous');
  domaineHomeId = await pageAt(92, '/');
});

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => storefront?.close(resolve));
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  received = [];
});

/** The revalidation requests sent so far, once the API's background tasks are done. */
async function revalidationRequests(): Promise<RecordedRequest[]> {
  await testApp.app.backgroundTasks.idle();
  return received;
}

function send(
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; siteId?: number; payload?: unknown } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token ? bearer(options.token) : {},
  });
}

async function storedBlocks(pageId: number): Promise<unknown> {
  const [row] = await testApp.database.db
    .select({ blocks: pages.blocks })
    .from(pages)
    .where(eq(pages.id, pageId));
  return row?.blocks;
}

async function parameterValue(siteId: number, type: string) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/parameter',
    query: { type },
  });
  return parameterSchema.array().parse(response.json().data)[0]?.value;
}

async function bannerList(siteId: number) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/element/bandeau-promotionnel',
    query: { nbItem: '1000' },
  });
  return elementListSchema.parse(response.json().data);
}

const richText = { type: 'richText', title: 'Notre histoire', html: '<p>Depuis 2011.</p>' };

describe('PUT /admin/page/:idPage/blocks', () => {
  it("replaces the page's blocks, applies the block defaults and serves them on the page", async () => {
    const blocks = [richText, { type: 'newsFeed', title: 'Les nouvelles du salon' }];
    const response = await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: adminToken,
      payload: { blocks },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: aboutPageId,
      blocks: [richText, { type: 'newsFeed', title: 'Les nouvelles du salon', nbItem: 10 }],
    });

    const page = await siteRequest(testApp.app, 91, { method: 'GET', url: `/page/${aboutPageId}` });
    expect(page.json().data.blocks).toEqual(response.json().data.blocks);
  });

  it("asks the storefront, with the shared secret, to revalidate the site's pages", async () => {
    await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: superAdminToken,
      payload: { blocks: [richText] },
    });
    const requests = await revalidationRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: STOREFRONT_REVALIDATE_PATH,
      body: { tags: ['site:91:pages'] },
    });
    expect(requests[0]!.headers[REVALIDATE_SECRET_HEADER]).toBe(SECRET);
    expect(requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers 422 with the key of each wrong field and saves nothing', async () => {
    const before = await storedBlocks(aboutPageId);
    const response = await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: adminToken,
      payload: {
        blocks: [
          richText,
          { type: 'contact' },
          { type: 'image', url: 'javascript:alert(1)', alt: 'Le salon' },
          { type: 'callToAction', title: 'Réserver', label: '', href: '/nous-contacter' },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ success: false, data: null });
    const keys = body.errors.map((error: { key: string }) => error.key);
    expect(keys).toEqual(expect.arrayContaining(['blocks.2.url', 'blocks.3.label']));
    expect(keys).not.toContain('blocks.1');
    for (const error of body.errors) expect(error.error).toEqual(expect.any(String));
    expect(await storedBlocks(aboutPageId)).toEqual(before);
    expect(await revalidationRequests()).toEqual([]);
  });

  it('refuses a block of an unknown type or a body without blocks', async () => {
    const unknown = await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: adminToken,
      payload: { blocks: [{ type: 'carousel', images: [] }] },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].key).toMatch(/^blocks\.0/);
    const missing = await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: adminToken,
      payload: { content: [] },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].key).toBe('blocks');
  });

  it('refuses more than 100 blocks', async () => {
    const response = await send('PUT', `/admin/page/${aboutPageId}/blocks`, {
      token: adminToken,
      payload: { blocks: Array.from({ length: 101 }, () => richText) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe('blocks');
  });

  it("answers 404 for an unknown page or another site's page, and changes neither", async () => {
    const before = await storedBlocks(domaineHomeId);
    for (const id of [999999, domaineHomeId]) {
      const response = await send('PUT', `/admin/page/${id}/blocks`, {
        token: adminToken,
        payload: { blocks: [richText] },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, message: PAGE_NOT_FOUND_MESSAGE });
    }
    expect(await storedBlocks(domaineHomeId)).toEqual(before);
    expect(await revalidationRequests()).toEqual([]);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await send('PUT', '/admin/page/abc/blocks', {
      token: adminToken,
      payload: { blocks: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('idPage');
  });
});

describe('who may write', () => {
  const writes = () =>
    [
      ['PUT', `/admin/page/${aboutPageId}/blocks`, { blocks: [richText] }],
      ['PUT', '/admin/parameter/COMPANY_NAME', { value: 'Pirate' }],
      ['POST', '/admin/element/bandeau-promotionnel', { title: 'Pirate' }],
      ['DELETE', '/admin/element/bandeau-promotionnel/1', undefined],
    ] as const;

  it('answers 401 to a visitor, whatever the body, and changes nothing', async () => {
    const blocks = await storedBlocks(aboutPageId);
    const banner = await bannerList(91);
    for (const [method, url, payload] of writes()) {
      for (const body of [payload, { nonsense: true }]) {
        const response = await send(method, url, {
          payload: method === 'DELETE' ? undefined : body,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toMatchObject({ success: false, message: NOT_LOGGED_IN_MESSAGE });
      }
    }
    expect(await storedBlocks(aboutPageId)).toEqual(blocks);
    expect(await parameterValue(91, 'COMPANY_NAME')).not.toBe('Pirate');
    expect(await bannerList(91)).toEqual(banner);
    expect(await revalidationRequests()).toEqual([]);
  });

  it('answers 403 to a customer of the site', async () => {
    for (const [method, url, payload] of writes()) {
      const response = await send(method, url, { token: customerToken, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ success: false, message: ADMIN_ONLY_MESSAGE });
    }
    expect(await parameterValue(91, 'COMPANY_NAME')).not.toBe('Pirate');
  });

  it("gives another site's administrator no rights: their session is not valid on this site", async () => {
    for (const [method, url, payload] of writes()) {
      const response = await send(method, url, { token: domaineAdminToken, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await parameterValue(91, 'COMPANY_NAME')).not.toBe('Pirate');
  });
});

describe('PUT /admin/parameter/:type', () => {
  it('saves a legal text, serves it at once from GET /parameter and revalidates the parameters', async () => {
    expect(await parameterValue(91, 'USE_TERMS')).toEqual(expect.any(String));
    const text = '<h2>Article 1</h2><p>Les présentes conditions régissent le site.</p>';
    const response = await send('PUT', '/admin/parameter/USE_TERMS', {
      token: adminToken,
      payload: { value: text },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ type: 'USE_TERMS', kind: 'TEXT', value: text });
    expect(await parameterValue(91, 'USE_TERMS')).toBe(text);
    expect(await parameterValue(92, 'USE_TERMS')).not.toBe(text);
    const requests = await revalidationRequests();
    expect(requests.map((request) => request.body)).toEqual([{ tags: ['site:91:parameters'] }]);
  });

  it.each([
    ['SHOW_PROMOTE_MESSAGE', false],
    ['LOGO_HEIGHT', 90],
    ['COMPANY_ADDRESS', 'https://maps.example.fr/?q=Saint-Malo-du-Bois'],
    ['PRIMARY_COLOR', '#7a3e6c'],
    ['MONDAY_HOURS', '9h – 18h'],
    ['FACEBOOK_URL', null],
  ] as const)('saves %s = %j with its own kind', async (type, value) => {
    const response = await send('PUT', `/admin/parameter/${type}`, {
      token: adminToken,
      payload: { value },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.value).toEqual(value);
    expect(await parameterValue(91, type)).toEqual(value);
  });

  it.each([
    ['SHOW_PROMOTE_MESSAGE', 'the text "oui"', 'oui', PARAMETER_VALUE_MESSAGES.BOOLEAN],
    ['LOGO_HEIGHT', 'the text "90"', '90', PARAMETER_VALUE_MESSAGES.NUMBER],
    ['COMPANY_ADDRESS', 'a javascript: link', 'javascript:alert(1)', PARAMETER_VALUE_MESSAGES.LINK],
    ['COMPANY_ADDRESS', 'a postal address', '12 rue des Lilas', PARAMETER_VALUE_MESSAGES.LINK],
    ['PRIMARY_COLOR', 'a colour name', 'red', PARAMETER_VALUE_MESSAGES.COLOUR],
    [
      'PRIMARY_COLOR',
      'CSS after a colour',
      '#7a3e6c;} body{display:none',
      PARAMETER_VALUE_MESSAGES.COLOUR,
    ],
    ['COMPANY_NAME', 'a boolean', true, PARAMETER_VALUE_MESSAGES.STRING],
    ['COMPANY_NAME', '2001 characters', 'x'.repeat(2001), PARAMETER_VALUE_MESSAGES.STRING],
    ['USE_TERMS', 'a number', 42, PARAMETER_VALUE_MESSAGES.TEXT],
  ] as const)(
    'refuses %s set to %s with a 422 on value and keeps the old one',
    async (type, _, value, error) => {
      const before = await parameterValue(91, type);
      const response = await send('PUT', `/admin/parameter/${type}`, {
        token: adminToken,
        payload: { value },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, errors: [{ key: 'value', error }] });
      expect(await parameterValue(91, type)).toEqual(before);
      expect(await revalidationRequests()).toEqual([]);
    },
  );

  it('refuses a body without a value', async () => {
    const response = await send('PUT', '/admin/parameter/COMPANY_NAME', {
      token: adminToken,
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe('value');
  });

  it('answers 404 for a key the catalogue does not have, and 400 for one that is not a key', async () => {
    const unknown = await send('PUT', '/admin/parameter/FAVOURITE_HAIRCUT', {
      token: adminToken,
      payload: { value: 'carré' },
    });
    expect(unknown.statusCode).toBe(404);
    const [row] = await testApp.database.db
      .select({ total: count() })
      .from(siteParameters)
      .where(eq(siteParameters.type, 'FAVOURITE_HAIRCUT'));
    expect(row?.total).toBe(0);
    const malformed = await send('PUT', '/admin/parameter/company-name', {
      token: adminToken,
      payload: { value: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("creates the site's row when it has none yet, with the catalogue's kind and label", async () => {
    await testApp.database.db
      .delete(siteParameters)
      .where(and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'TIKTOK_URL')));
    const response = await send('PUT', '/admin/parameter/TIKTOK_URL', {
      token: adminToken,
      payload: { value: 'https://www.tiktok.com/@atelierclemence' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ kind: 'STRING', label: 'Lien TikTok' });
    expect(await parameterValue(91, 'TIKTOK_URL')).toBe('https://www.tiktok.com/@atelierclemence');
  });
});

describe('POST /admin/element/:route', () => {
  it('adds a published element at the end of the list and revalidates the elements', async () => {
    const before = await bannerList(91);
    const response = await send('POST', '/admin/element/bandeau-promotionnel', {
      token: adminToken,
      payload: {
        title: 'Journée portes ouvertes',
        html: '<strong>Samedi 14 juin</strong> : venez découvrir le salon',
        backgroundColor: '#2f4858',
        linkUrl: '/nous-contacter',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = elementSchema.parse(response.json().data);
    expect(created).toMatchObject({
      title: 'Journée portes ouvertes',
      backgroundColor: '#2f4858',
      imageUrl: null,
      registrationCapacity: null,
      position: Math.max(...before.list.map((element) => element.position)) + 1,
    });
    const after = await bannerList(91);
    expect(after.total).toBe(before.total + 1);
    expect(after.list.at(-1)).toEqual(created);
    const requests = await revalidationRequests();
    expect(requests.map((request) => request.body)).toEqual([{ tags: ['site:91:elements'] }]);
  });

  it('keeps a position and a capacity when they are given', async () => {
    const response = await send('POST', '/admin/element/bandeau-promotionnel', {
      token: adminToken,
      payload: { title: 'Atelier maquillage', position: 0, registrationCapacity: 8 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      position: 0,
      registrationCapacity: 8,
      html: null,
    });
    expect((await bannerList(91)).list[0]?.title).toBe('Atelier maquillage');
  });

  it('answers 422 with each wrong field and adds nothing', async () => {
    const before = await bannerList(91);
    const response = await send('POST', '/admin/element/bandeau-promotionnel', {
      token: adminToken,
      payload: {
        title: '  ',
        backgroundColor: 'red',
        linkUrl: 'javascript:alert(1)',
        imageUrl: '//evil.example/x.png',
        registrationCapacity: 0,
      },
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors as { key: string; error: string }[];
    expect(errors.map((error) => error.key).sort()).toEqual(
      ['backgroundColor', 'imageUrl', 'linkUrl', 'registrationCapacity', 'title'].sort(),
    );
    expect(errors.find((error) => error.key === 'title')?.error).toBe('Le titre est obligatoire.');
    expect((await bannerList(91)).total).toBe(before.total);
    expect(await revalidationRequests()).toEqual([]);
  });

  it('answers 404 for a list the site does not have, even when another site has it', async () => {
    for (const [siteId, token, route] of [
      [91, adminToken, 'liste-inconnue'],
      [92, domaineAdminToken, 'logo-footer'],
    ] as const) {
      const response = await send('POST', `/admin/element/${route}`, {
        siteId,
        token,
        payload: { title: 'Égaré' },
      });
      expect(response.statusCode, route).toBe(404);
    }
  });

  it('answers 409 once the list holds 1000 elements', async () => {
    const db = testApp.database.db;
    const [list] = await db
      .insert(elementLists)
      .values({ siteId: 91, route: 'liste-pleine', name: 'Liste pleine' })
      .returning();
    await db.insert(elements).values(
      Array.from({ length: ELEMENT_LIST_MAX_ITEMS }, (_, index) => ({
        siteId: 91,
        listId: list!.id,
        title: `Élément ${index + 1}`,
        position: index + 1,
      })),
    );
    const response = await send('POST', '/admin/element/liste-pleine', {
      token: adminToken,
      payload: { title: 'Un de trop' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ELEMENT_LIST_FULL_MESSAGE);
  });
});

describe('DELETE /admin/element/:route/:id', () => {
  it('removes the element from the list and revalidates the elements', async () => {
    const created = await send('POST', '/admin/element/bandeau-promotionnel', {
      token: adminToken,
      payload: { title: 'Offre éphémère' },
    });
    const { id } = created.json().data as { id: number };
    await testApp.app.backgroundTasks.idle();
    received = [];
    const response = await send('DELETE', `/admin/element/bandeau-promotionnel/${id}`, {
      token: adminToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ id });
    const gone = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/element/bandeau-promotionnel/${id}`,
    });
    expect(gone.statusCode).toBe(404);
    const requests = await revalidationRequests();
    expect(requests.map((request) => request.body)).toEqual([{ tags: ['site:91:elements'] }]);
  });

  it("answers 404 for an unknown id, another list's element or another site's element, deleting nothing", async () => {
    const salon = await bannerList(91);
    const domaine = await bannerList(92);
    const message = salon.list[0]!;
    const wine = domaine.list[0]!;
    for (const [siteId, token, url] of [
      [91, adminToken, '/admin/element/bandeau-promotionnel/999999'],
      [91, adminToken, `/admin/element/link-footer/${message.id}`],
      [91, adminToken, `/admin/element/bandeau-promotionnel/${wine.id}`],
      [92, domaineAdminToken, `/admin/element/bandeau-promotionnel/${message.id}`],
    ] as const) {
      const response = await send('DELETE', url, { siteId, token });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await bannerList(91)).toEqual(salon);
    expect(await bannerList(92)).toEqual(domaine);
    expect(await revalidationRequests()).toEqual([]);
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const response = await send('DELETE', '/admin/element/bandeau-promotionnel/-1', {
      token: adminToken,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a storefront that cannot be reached', () => {
  it('never fails the write', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const offline = await createTestApp({
      env: { STOREFRONT_URL: `http://127.0.0.1:${port}`, REVALIDATE_SECRET: SECRET },
    });
    try {
      const { token } = await createUserWithSession(offline.database.db, {
        siteId: 91,
        role: 'ADMIN',
      });
      const response = await siteRequest(offline.app, 91, {
        method: 'PUT',
        url: '/admin/parameter/COMPANY_PHONE',
        payload: { value: '02 51 00 00 00' },
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      await offline.app.backgroundTasks.idle();
    } finally {
      await offline.close();
    }
  });
});
