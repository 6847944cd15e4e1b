import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_CYCLE_MESSAGE, PAGE_HAS_CHILDREN_MESSAGE, PAGE_HOME_DELETE_MESSAGE, PAGE_LINK_URL_MESSAGES, PAGE_PARENT_NOT_FOUND_MESSAGE, PAGE_REDIRECT_TARGET_MESSAGE, PAGE_URL_MESSAGE, PAGE_URL_RESERVED_MESSAGE, PAGE_URL_TAKEN_MESSAGE, adminPageDetailSchema, adminPageSchema, pageRedirectSchema, type PageFieldsInput } from '@comptoir/contract/admin-pages';
import { ADMIN_ONLY_MESSAGE, PAGE_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin';
import { pageSchema, type Page } from '@comptoir/contract/page';
import { auditLog, pageRedirects, pages } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

/** A stand-in storefront that records the tags the API asks it to revalidate. */
let storefront: Server;
let revalidated: unknown[] = [];

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;
let adminEmail: string;

beforeAll(async () => {
  storefront = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push(JSON.parse(raw));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;
  testApp = await createTestApp({
    env: {
      STOREFRONT_URL: `http://127.0.0.1:${port}/`,
      REVALIDATE_SECRET: 'secret-partage-des-pages',
    },
  });
  const db = testApp.database.db;
  adminEmail = 'gerante@salon.example.fr';
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN', email: adminEmail }))
    .token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
});

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => storefront?.close(resolve));
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  revalidated = [];
});

async function revalidations(): Promise<unknown[]> {
  await testApp.app.backgroundTasks.idle();
  return revalidated;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(
  method: Method,
  url: string,
  options: {
    token?: string;
    siteId?: number;
    payload?: unknown;
    query?: Record<string, string>;
  } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.query ? { query: options.query } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: options.token ? bearer(options.token) : {},
  });
}

async function pageId(siteId: number, url: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
  return row!.id;
}

/** Every page row of a site, as stored, to prove that a refused write changed nothing. */
function storedPages(siteId: number) {
  return testApp.database.db
    .select()
    .from(pages)
    .where(eq(pages.siteId, siteId))
    .orderBy(asc(pages.id));
}

async function auditCount(siteId: number): Promise<number> {
  const [row] = await testApp.database.db
    .select({ total: count() })
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId));
  return row!.total;
}

async function lastAudit(siteId: number) {
  const [row] = await testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId))
    .orderBy(asc(auditLog.id))
    .limit(1)
    .offset((await auditCount(siteId)) - 1);
  return row!;
}

async function publicTree(siteId = 91): Promise<Page[]> {
  const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/page/tree' });
  return pageSchema.array().parse(response.json().data);
}

async function publicRedirects(siteId = 91) {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/page/redirects',
  });
  expect(response.statusCode).toBe(200);
  return pageRedirectSchema.array().parse(response.json().data);
}

function fields(overrides: Partial<PageFieldsInput> = {}): PageFieldsInput {
  return {
    url: '/nos-ateliers-d-ete',
    title: "Nos ateliers d'été",
    menuTitle: 'Ateliers',
    metaDescription: 'Les ateliers de conseil en image de cet été.',
    showInMenu: true,
    isFixedOnRight: false,
    link: null,
    isCustomHeader: false,
    isCustomFooter: false,
    ...overrides,
  };
}

async function createPageAs(
  token: string,
  overrides: Partial<PageFieldsInput> & { idParent?: number | null } = {},
) {
  const { idParent = null, ...rest } = overrides;
  const response = await send('POST', '/admin/page', {
    token,
    payload: { ...fields(rest), idParent },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminPageSchema.parse(response.json().data);
}

describe('GET /admin/pages and GET /admin/page/:id', () => {
  it("lists every page of the site, flat, with its template and block count, and no other site's", async () => {
    const response = await send('GET', '/admin/pages', { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const list = adminPageSchema.array().parse(response.json().data.pages);
    const stored = await storedPages(91);
    expect(list.map((page) => page.id).sort((a, b) => a - b)).toEqual(stored.map((row) => row.id));
    const home = list.find((page) => page.url === '/')!;
    expect(home.cms).toEqual({ isCmsPage: true, route: 'HOME' });
    expect(home.blockCount).toBe(
      (stored.find((row) => row.url === '/')!.blocks as unknown[]).length,
    );
    expect(list.find((page) => page.url === '/nous-contacter')!.cms.route).toBe('CONTACT');
  });

  it('gives one page with its blocks, and 404 for an unknown page or a page of another site', async () => {
    const id = await pageId(91, '/qui-sommes-nous');
    const response = await send('GET', `/admin/page/${id}`, { token: superAdminToken });
    expect(response.statusCode).toBe(200);
    const page = adminPageDetailSchema.parse(response.json().data);
    expect(page.blocks.length).toBe(page.blockCount);
    for (const other of [await pageId(92, '/'), 999_999]) {
      const missing = await send('GET', `/admin/page/${other}`, { token: adminToken });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(PAGE_NOT_FOUND_MESSAGE);
    }
  });
});

describe('POST /admin/page', () => {
  it('adds a page of blocks last among its siblings, shows it in the tree, audits and revalidates the pages', async () => {
    const parent = await pageId(91, '/conseil-en-image');
    const auditsBefore = await auditCount(91);
    const created = await createPageAs(adminToken, {
      idParent: parent,
      url: '/conseil-en-image/ateliers',
    });
    expect(created).toMatchObject({
      url: '/conseil-en-image/ateliers',
      title: "Nos ateliers d'été",
      menuTitle: 'Ateliers',
      idParent: parent,
      cms: { isCmsPage: true, route: null },
      blockCount: 0,
    });
    const siblings = (await publicTree()).find((page) => page.id === parent)!.children;
    expect(siblings.at(-1)!.id).toBe(created.id);
    expect(await auditCount(91)).toBe(auditsBefore + 1);
    expect(await lastAudit(91)).toMatchObject({
      userEmail: adminEmail,
      action: 'create',
      entityType: 'page',
      entityId: String(created.id),
      before: null,
    });
    expect(await revalidations()).toEqual([{ tags: ['site:91:pages'] }]);
  });

  it.each([
    ['capitals and accents', '/Été'],
    ['a space', '/nos ateliers'],
    ['no leading slash', 'ateliers'],
    ['a trailing slash', '/ateliers/'],
  ])('refuses a URL with %s (422), and creates nothing', async (_, url) => {
    const before = await storedPages(91);
    const audits = await auditCount(91);
    const response = await send('POST', '/admin/page', {
      token: adminToken,
      payload: { ...fields({ url }), idParent: null },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'url', error: PAGE_URL_MESSAGE }]);
    expect(await storedPages(91)).toEqual(before);
    expect(await auditCount(91)).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it('refuses the reserved /admin address, an empty title and a wrong link', async () => {
    const before = await storedPages(91);
    const reserved = await send('POST', '/admin/page', {
      token: adminToken,
      payload: { ...fields({ url: '/admin/pages' }), idParent: null },
    });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().errors).toEqual([{ key: 'url', error: PAGE_URL_RESERVED_MESSAGE }]);
    const wrong = await send('POST', '/admin/page', {
      token: adminToken,
      payload: {
        ...fields({
          title: '  ',
          link: { type: 'EXTERNAL', url: 'javascript:alert(1)', jsCode: null },
        }),
        idParent: null,
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'title', error: expect.any(String) },
        { key: 'link.url', error: PAGE_LINK_URL_MESSAGES.EXTERNAL },
      ]),
    );
    expect(await storedPages(91)).toEqual(before);
  });

  it('refuses a URL another page of the site has (409, with a French message on the url field)', async () => {
    const before = await storedPages(91);
    const response = await send('POST', '/admin/page', {
      token: adminToken,
      payload: { ...fields({ url: '/qui-sommes-nous' }), idParent: null },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      message: PAGE_URL_TAKEN_MESSAGE,
      errors: [{ key: 'url', error: PAGE_URL_TAKEN_MESSAGE }],
    });
    expect(await storedPages(91)).toEqual(before);
    expect(await revalidations()).toEqual([]);
  });

  it("takes a URL another site uses, but refuses another site's page as parent", async () => {
    const shared = await createPageAs(adminToken, { url: '/nos-vins-de-loire' });
    expect(shared.url).toBe('/nos-vins-de-loire');
    const before = await storedPages(91);
    const response = await send('POST', '/admin/page', {
      token: adminToken,
      payload: { ...fields({ url: '/sous-page' }), idParent: await pageId(92, '/') },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { key: 'idParent', error: PAGE_PARENT_NOT_FOUND_MESSAGE },
    ]);
    expect(await storedPages(91)).toEqual(before);
  });
});

describe('PUT /admin/page/:id', () => {
  it('writes every field; a new URL leaves a permanent redirect from the former one', async () => {
    const page = await createPageAs(adminToken, { url: '/stage-couleur' });
    const response = await send('PUT', `/admin/page/${page.id}`, {
      token: superAdminToken,
      payload: fields({
        url: '/stages/couleur',
        title: 'Stage couleur',
        menuTitle: '',
        metaDescription: null,
        showInMenu: false,
        isFixedOnRight: true,
        link: { type: 'EXTERNAL', url: 'https://reservation.example.fr/couleur', jsCode: 'ignoré' },
        isCustomHeader: true,
        isCustomFooter: true,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(adminPageSchema.parse(response.json().data)).toMatchObject({
      url: '/stages/couleur',
      title: 'Stage couleur',
      menuTitle: null,
      metaDescription: null,
      showInMenu: false,
      isFixedOnRight: true,
      link: { type: 'EXTERNAL', url: 'https://reservation.example.fr/couleur', jsCode: null },
      isCustomHeader: true,
      isCustomFooter: true,
    });
    expect(await publicRedirects()).toContainEqual({
      fromUrl: '/stage-couleur',
      idPage: page.id,
      toUrl: '/stages/couleur',
    });
    const audit = await lastAudit(91);
    expect(audit).toMatchObject({ action: 'update', entityId: String(page.id) });
    expect(audit.before).toMatchObject({ url: '/stage-couleur' });
    expect(audit.after).toMatchObject({ url: '/stages/couleur' });
    expect(await revalidations()).toContainEqual({ tags: ['site:91:pages'] });
  });

  it('refuses the URL of another page and changes nothing', async () => {
    const id = await pageId(91, '/qui-sommes-nous');
    const before = await storedPages(91);
    const response = await send('PUT', `/admin/page/${id}`, {
      token: adminToken,
      payload: fields({ url: '/nous-contacter' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ key: 'url', error: PAGE_URL_TAKEN_MESSAGE }]);
    expect(await storedPages(91)).toEqual(before);
  });

  it("answers 404 for another site's page, and leaves it alone", async () => {
    const before = await storedPages(92);
    const response = await send('PUT', `/admin/page/${await pageId(92, '/')}`, {
      token: adminToken,
      payload: fields({ url: '/pirate' }),
    });
    expect(response.statusCode).toBe(404);
    expect(await storedPages(92)).toEqual(before);
  });
});

describe('PUT /admin/page/:id/position', () => {
  it('moves a page among its siblings, and the menu follows', async () => {
    const roots = (await publicTree()).map((page) => page.id);
    const last = roots.at(-1)!;
    const response = await send('PUT', `/admin/page/${last}/position`, {
      token: adminToken,
      payload: { idParent: null, position: 1 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await publicTree()).map((page) => page.id);
    expect(after).toEqual([roots[0], last, ...roots.slice(1, -1)]);
    expect(await lastAudit(91)).toMatchObject({ action: 'move', entityId: String(last) });
    expect(await revalidations()).toEqual([{ tags: ['site:91:pages'] }]);
  });

  it('nests a page under another one and brings it back to the top level', async () => {
    const page = await createPageAs(adminToken, { url: '/a-deplacer' });
    const parent = await pageId(91, '/qui-sommes-nous');
    const nested = await send('PUT', `/admin/page/${page.id}/position`, {
      token: adminToken,
      payload: { idParent: parent, position: 0 },
    });
    expect(nested.statusCode).toBe(200);
    const tree = await publicTree();
    expect(tree.find((entry) => entry.id === parent)!.children[0]!.id).toBe(page.id);
    expect(tree.some((entry) => entry.id === page.id)).toBe(false);
    const back = await send('PUT', `/admin/page/${page.id}/position`, {
      token: adminToken,
      payload: { idParent: null, position: 999 },
    });
    expect(back.statusCode).toBe(200);
    expect((await publicTree()).at(-1)!.id).toBe(page.id);
  });

  it('refuses to put a page under itself or under one of its descendants, and changes nothing', async () => {
    const parent = await pageId(91, '/conseil-en-image');
    const child = (await publicTree()).find((page) => page.id === parent)!.children[0]!.id;
    const before = await storedPages(91);
    const audits = await auditCount(91);
    for (const idParent of [parent, child]) {
      const response = await send('PUT', `/admin/page/${parent}/position`, {
        token: adminToken,
        payload: { idParent, position: 0 },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ key: 'idParent', error: PAGE_CYCLE_MESSAGE }]);
    }
    expect(await storedPages(91)).toEqual(before);
    expect(await auditCount(91)).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it("answers 404 for another site's page and 422 for another site's parent", async () => {
    const other = await send('PUT', `/admin/page/${await pageId(92, '/')}/position`, {
      token: adminToken,
      payload: { idParent: null, position: 0 },
    });
    expect(other.statusCode).toBe(404);
    const parent = await send(
      'PUT',
      `/admin/page/${await pageId(91, '/qui-sommes-nous')}/position`,
      {
        token: adminToken,
        payload: { idParent: await pageId(92, '/'), position: 0 },
      },
    );
    expect(parent.statusCode).toBe(422);
    expect(parent.json().errors[0].key).toBe('idParent');
  });
});

describe('POST /admin/page/:id/duplicate', () => {
  it('copies a page with its blocks right after it, at a free URL and out of the menu', async () => {
    const id = await pageId(91, '/qui-sommes-nous');
    const [original] = await testApp.database.db.select().from(pages).where(eq(pages.id, id));
    const first = await send('POST', `/admin/page/${id}/duplicate`, { token: adminToken });
    expect(first.statusCode, first.body).toBe(200);
    const copy = adminPageSchema.parse(first.json().data);
    expect(copy).toMatchObject({
      url: '/qui-sommes-nous-copie',
      title: `${original!.title} (copie)`,
      showInMenu: false,
      idParent: original!.idParent,
    });
    const [stored] = await testApp.database.db.select().from(pages).where(eq(pages.id, copy.id));
    expect(stored!.blocks).toEqual(original!.blocks);
    const second = await send('POST', `/admin/page/${id}/duplicate`, { token: adminToken });
    expect(second.json().data.url).toBe('/qui-sommes-nous-copie-2');
    const siblings = (await publicTree()).map((page) => page.id);
    expect(siblings.indexOf(second.json().data.id)).toBe(siblings.indexOf(id) + 1);
    expect(await lastAudit(91)).toMatchObject({ action: 'duplicate' });
  });

  it("answers 404 for another site's page and copies nothing", async () => {
    const before = await storedPages(91);
    const response = await send('POST', `/admin/page/${await pageId(92, '/')}/duplicate`, {
      token: adminToken,
    });
    expect(response.statusCode).toBe(404);
    expect(await storedPages(91)).toEqual(before);
  });
});

describe('DELETE /admin/page/:id', () => {
  it('deletes the page; its URL, and the addresses that led to it, redirect to the chosen page', async () => {
    const page = await createPageAs(adminToken, { url: '/promo-noel' });
    await send('PUT', `/admin/page/${page.id}`, {
      token: adminToken,
      payload: fields({ url: '/promo-de-noel' }),
    });
    const target = await pageId(91, '/qui-sommes-nous');
    await revalidations();
    revalidated = [];
    const response = await send('DELETE', `/admin/page/${page.id}`, {
      token: adminToken,
      query: { idRedirectPage: String(target) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      id: page.id,
      redirect: { fromUrl: '/promo-de-noel', idPage: target, toUrl: '/qui-sommes-nous' },
    });
    const redirects = await publicRedirects();
    expect(redirects).toContainEqual({
      fromUrl: '/promo-de-noel',
      idPage: target,
      toUrl: '/qui-sommes-nous',
    });
    expect(redirects).toContainEqual({
      fromUrl: '/promo-noel',
      idPage: target,
      toUrl: '/qui-sommes-nous',
    });
    expect((await send('GET', `/admin/page/${page.id}`, { token: adminToken })).statusCode).toBe(
      404,
    );
    const audit = await lastAudit(91);
    expect(audit).toMatchObject({
      action: 'delete',
      entityId: String(page.id),
      after: { redirect: { fromUrl: '/promo-de-noel', toUrl: '/qui-sommes-nous' } },
    });
    expect(await revalidations()).toEqual([{ tags: ['site:91:pages'] }]);
    // A new page at a redirected address takes it back.
    await createPageAs(adminToken, { url: '/promo-noel' });
    expect((await publicRedirects()).map((entry) => entry.fromUrl)).not.toContain('/promo-noel');
  });

  it('refuses a page with sub-pages, the home page, and a redirect to itself or nowhere; nothing changes', async () => {
    const parent = await pageId(91, '/conseil-en-image');
    const home = await pageId(91, '/');
    const other = await pageId(91, '/qui-sommes-nous');
    const before = await storedPages(91);
    const redirectsBefore = await publicRedirects();
    const audits = await auditCount(91);
    const cases = [
      [parent, other, 409, PAGE_HAS_CHILDREN_MESSAGE],
      [home, other, 409, PAGE_HOME_DELETE_MESSAGE],
      [other, other, 422, PAGE_REDIRECT_TARGET_MESSAGE],
      [other, await pageId(92, '/'), 422, PAGE_REDIRECT_TARGET_MESSAGE],
    ] as const;
    for (const [id, target, status, message] of cases) {
      const response = await send('DELETE', `/admin/page/${id}`, {
        token: adminToken,
        query: { idRedirectPage: String(target) },
      });
      expect(response.statusCode, `${id} → ${target}`).toBe(status);
      const body = response.json();
      if (status === 422) expect(body.errors).toEqual([{ key: 'idRedirectPage', error: message }]);
      else expect(body.message).toBe(message);
    }
    const missing = await send('DELETE', `/admin/page/${other}`, { token: adminToken });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    expect(await storedPages(91)).toEqual(before);
    expect(await publicRedirects()).toEqual(redirectsBefore);
    expect(await auditCount(91)).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it("answers 404 for another site's page and deletes nothing", async () => {
    const before = await storedPages(92);
    const response = await send('DELETE', `/admin/page/${await pageId(92, '/')}`, {
      token: adminToken,
      query: { idRedirectPage: String(await pageId(91, '/')) },
    });
    expect(response.statusCode).toBe(404);
    expect(await storedPages(92)).toEqual(before);
    const [redirects] = await testApp.database.db
      .select({ total: count() })
      .from(pageRedirects)
      .where(eq(pageRedirects.siteId, 92));
    expect(redirects!.total).toBe(0);
  });
});

describe('who may read and write the page tree', () => {
  const routes = async () => {
    const about = await pageId(91, '/qui-sommes-nous');
    const home = await pageId(91, '/');
    return [
      ['GET', '/admin/pages', undefined, undefined],
      ['GET', `/admin/page/${about}`, undefined, undefined],
      ['POST', '/admin/page', { ...fields({ url: '/pirate' }), idParent: null }, undefined],
      ['PUT', `/admin/page/${about}`, fields({ url: '/pirate' }), undefined],
      ['PUT', `/admin/page/${about}/position`, { idParent: null, position: 0 }, undefined],
      ['POST', `/admin/page/${about}/duplicate`, undefined, undefined],
      ['DELETE', `/admin/page/${about}`, undefined, { idRedirectPage: String(home) }],
    ] as const;
  };

  it('answers 401 to a visitor and 403 to a customer, whatever the body, and changes nothing', async () => {
    const before = await storedPages(91);
    const audits = await auditCount(91);
    for (const [method, url, payload, query] of await routes()) {
      const visitor = await send(method, url, { payload: payload ?? undefined, query });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const nonsense = await send(method, url, {
        payload: method === 'GET' ? undefined : { x: 1 },
      });
      expect(nonsense.statusCode, `${method} ${url}`).toBe(401);
      const customer = await send(method, url, {
        token: customerToken,
        payload: payload ?? undefined,
        query,
      });
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
    }
    expect(await storedPages(91)).toEqual(before);
    expect(await auditCount(91)).toBe(audits);
    expect(await revalidations()).toEqual([]);
  });

  it("gives another site's administrator nothing: 401 on this site, 404 on this site's ids from theirs", async () => {
    const before = await storedPages(91);
    for (const [method, url, payload, query] of await routes()) {
      const here = await send(method, url, {
        token: domaineAdminToken,
        payload: payload ?? undefined,
        query,
      });
      expect(here.statusCode, `${method} ${url}`).toBe(401);
      if (url === '/admin/pages' || url === '/admin/page') continue;
      const fromTheirs = await send(method, url, {
        token: domaineAdminToken,
        siteId: 92,
        payload: payload ?? undefined,
        query: query ? { idRedirectPage: String(await pageId(92, '/')) } : undefined,
      });
      expect(fromTheirs.statusCode, `${method} ${url} from site 92`).toBe(404);
    }
    expect(await storedPages(91)).toEqual(before);
    const theirs = await send('GET', '/admin/pages', { token: domaineAdminToken, siteId: 92 });
    const ids = theirs.json().data.pages.map((page: { id: number }) => page.id);
    expect(ids).not.toContain(await pageId(91, '/'));
  });

  it('lets an ADMIN and a SUPER_ADMIN of the site read the tree', async () => {
    for (const token of [adminToken, superAdminToken]) {
      expect((await send('GET', '/admin/pages', { token })).statusCode).toBe(200);
    }
  });
});
