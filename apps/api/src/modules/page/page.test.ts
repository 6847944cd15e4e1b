import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageDetailSchema, pageSchema, type Page } from '@comptoir/contract/page';
import { pages } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The API's warnings, as JSON lines: the page builder logs each block it skips. */
let logLines: Record<string, unknown>[] = [];

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    logger: {
      level: 'warn',
      stream: { write: (line: string) => logLines.push(JSON.parse(line)) },
    },
  });
});
beforeEach(() => {
  logLines = [];
});
afterAll(async () => {
  await testApp?.close();
});

async function tree(siteId: number): Promise<Page[]> {
  const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/page/tree' });
  expect(response.statusCode).toBe(200);
  return pageSchema.array().parse(response.json().data);
}

function flatten(pages: Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatten(page.children)]);
}

describe('GET /page/tree', () => {
  it("holds every route of the salon's spec, with the menu pages first in order", async () => {
    const pages = await tree(91);
    const urls = flatten(pages).map((page) => page.url);
    for (const url of [
      '/',
      '/auth',
      '/blog',
      '/blog-beaute-conseils',
      '/cookie-policy',
      '/legal-notice',
      '/nous-contacter',
      '/offrir-un-bon-cadeau',
      '/privacy-policy',
      '/qui-sommes-nous',
      '/sale-terms',
      '/salon-coiffure-saint-malo-du-bois',
      '/use-terms',
      '/conseil-en-image/formation-conseil-en-image',
      '/conseil-en-image/notre-approche',
      '/conseil-en-image/pour-les-particuliers',
      '/password/reset/ask',
      '/password/reset',
      '/prestation-conseil-en-image',
    ]) {
      expect(urls).toContain(url);
    }
    const menu = pages.filter((page) => page.showInMenu).map((page) => page.url);
    expect(menu).toEqual([
      '/',
      '/qui-sommes-nous',
      '/salon-coiffure-saint-malo-du-bois',
      '/conseil-en-image',
      '/prestation-conseil-en-image',
      '/blog-beaute-conseils',
      '/nous-contacter',
      '/offrir-un-bon-cadeau',
    ]);
  });

  it('nests the image-consulting pages under their parent, in order', async () => {
    const parent = (await tree(91)).find((page) => page.url === '/conseil-en-image');
    expect(parent?.children.map((child) => [child.url, child.idParent])).toEqual([
      ['/conseil-en-image/notre-approche', parent?.id],
      ['/conseil-en-image/pour-les-particuliers', parent?.id],
      ['/conseil-en-image/formation-conseil-en-image', parent?.id],
    ]);
  });

  it('carries the cms route, menu title and right-hand placement', async () => {
    const pages = flatten(await tree(91));
    const find = (url: string) => pages.find((page) => page.url === url);
    expect(find('/')?.cms).toEqual({ isCmsPage: true, route: 'HOME' });
    expect(find('/salon-coiffure-saint-malo-du-bois')?.menuTitle).toBe('Le salon');
    expect(find('/offrir-un-bon-cadeau')).toMatchObject({
      isFixedOnRight: true,
      cms: { route: 'GIFT_VOUCHER' },
    });
    expect(find('/legal-notice')).toMatchObject({
      showInMenu: false,
      cms: { route: 'LEGAL_NOTICE' },
    });
    expect(pages.every((page) => (page.metaDescription ?? '').length > 20)).toBe(true);
  });

  it('gives the winemaker its own tree with shop pages', async () => {
    const pages = flatten(await tree(92));
    expect(pages.find((page) => page.url === '/nos-vins')).toMatchObject({
      isEcommercePage: true,
      cms: { route: 'PRODUCT_LIST' },
    });
    expect(pages.find((page) => page.url === '/panier')).toMatchObject({
      showInMenu: false,
      isEcommercePage: true,
    });
    // The voucher form is in the menu (on the right) of the shop that sells it.
    expect(pages.find((page) => page.url === '/offrir-un-bon-cadeau')).toMatchObject({
      showInMenu: true,
      isFixedOnRight: true,
      isEcommercePage: true,
      cms: { route: 'GIFT_VOUCHER' },
    });
    expect(pages.some((page) => page.url === '/qui-sommes-nous')).toBe(false);
  });
});

describe('GET /page/:id', () => {
  it('answers one page with its children', async () => {
    const parent = (await tree(91)).find((page) => page.url === '/conseil-en-image')!;
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/page/${parent.id}`,
    });
    expect(response.statusCode).toBe(200);
    const page = pageSchema.parse(response.json().data);
    expect(page.title).toBe('Conseil en image');
    expect(page.children).toHaveLength(3);
  });

  it("refuses another site's page id with a 404, as if it did not exist", async () => {
    const winery = flatten(await tree(92)).find((page) => page.url === '/nos-vins')!;
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/page/${winery.id}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: `Page ${winery.id} not found.`,
    });
  });

  it('answers 404 for an id no page has', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/page/999999' });
    expect(response.statusCode).toBe(404);
  });

  it.each(['abc', '0', '-3', '1.5'])('answers 400 for the malformed id %s', async (id) => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: `/page/${id}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('id');
  });
});

async function pageId(siteId: number, url: string): Promise<number> {
  const page = flatten(await tree(siteId)).find((entry) => entry.url === url);
  if (!page) throw new Error(`No page ${url} on site ${siteId}`);
  return page.id;
}

/** Blocks a test replaced, put back after it so that the sample content stays as seeded. */
const replacedBlocks: { siteId: number; id: number; blocks: unknown[] }[] = [];
afterEach(async () => {
  for (const { siteId, id, blocks } of replacedBlocks.splice(0).reverse()) {
    await testApp.database.db
      .update(pages)
      .set({ blocks })
      .where(and(eq(pages.siteId, siteId), eq(pages.id, id)));
    testApp.app.siteCache.invalidateSite(siteId, 'page-tree');
  }
});

async function storeBlocks(siteId: number, url: string, blocks: unknown): Promise<number> {
  const id = await pageId(siteId, url);
  const [stored] = await testApp.database.db
    .select({ blocks: pages.blocks })
    .from(pages)
    .where(and(eq(pages.siteId, siteId), eq(pages.id, id)));
  replacedBlocks.push({ siteId, id, blocks: stored!.blocks });
  await testApp.database.db
    .update(pages)
    .set({ blocks: blocks as unknown[] })
    .where(and(eq(pages.siteId, siteId), eq(pages.id, id)));
  // Written behind the API's back: drop its cached page answers, as an admin write does.
  testApp.app.siteCache.invalidateSite(siteId, 'page-tree');
  return id;
}

async function pageDetail(siteId: number, id: number) {
  const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: `/page/${id}` });
  expect(response.statusCode).toBe(200);
  return pageDetailSchema.parse(response.json().data);
}

describe('GET /page/:id content blocks', () => {
  it('answers the blocks in their stored order, with the defaults of the contract', async () => {
    const id = await storeBlocks(91, '/qui-sommes-nous', [
      { type: 'richText', title: 'Notre histoire', html: '<p>En 2019…</p>' },
      { type: 'newsFeed' },
      { type: 'callToAction', title: 'Venez', label: 'Nous contacter', href: '/nous-contacter' },
    ]);
    const page = await pageDetail(91, id);
    expect(page.url).toBe('/qui-sommes-nous');
    expect(page.blocks).toEqual([
      { type: 'richText', title: 'Notre histoire', html: '<p>En 2019…</p>' },
      { type: 'newsFeed', nbItem: 10 },
      { type: 'callToAction', title: 'Venez', label: 'Nous contacter', href: '/nous-contacter' },
    ]);
    expect(logLines).toEqual([]);
  });

  it('skips an unknown block type and an invalid block, and logs each with the page and index', async () => {
    const id = await storeBlocks(91, '/salon-coiffure-saint-malo-du-bois', [
      { type: 'richText', html: '<p>Bienvenue</p>' },
      { type: 'carousel', images: [] },
      { type: 'callToAction', title: 'Réserver', label: 'Go', href: 'javascript:alert(1)' },
      'not a block',
      { type: 'contact' },
    ]);
    const page = await pageDetail(91, id);
    expect(page.blocks).toEqual([
      { type: 'richText', html: '<p>Bienvenue</p>' },
      { type: 'contact', showHours: true, showMapLink: true },
    ]);
    const skipped = logLines.map(({ pageId, siteId, index, type, reason, level }) => ({
      pageId,
      siteId,
      index,
      type,
      level,
      hasReason: typeof reason === 'string' && reason.length > 0,
    }));
    expect(skipped).toEqual([
      { pageId: id, siteId: 91, index: 1, type: 'carousel', level: 40, hasReason: true },
      { pageId: id, siteId: 91, index: 2, type: 'callToAction', level: 40, hasReason: true },
      { pageId: id, siteId: 91, index: 3, type: null, level: 40, hasReason: true },
    ]);
    expect(String(logLines[2]?.reason)).not.toBe('');
    expect(String(logLines[1]?.reason)).toMatch(/href/);
  });

  it('answers the page without blocks when all of them are invalid, or when its content is not a list', async () => {
    const id = await storeBlocks(91, '/offrir-un-bon-cadeau', [{ type: 'image', url: 'x' }]);
    expect((await pageDetail(91, id)).blocks).toEqual([]);
    expect(logLines).toHaveLength(1);

    logLines = [];
    await storeBlocks(91, '/offrir-un-bon-cadeau', { type: 'richText', html: '<p>seul</p>' });
    const page = await pageDetail(91, id);
    expect(page.title).toBe('Offrir un bon cadeau');
    expect(page.blocks).toEqual([]);
    expect(logLines).toMatchObject([{ pageId: id, siteId: 91 }]);
  });

  it('keeps the blocks out of the page tree', async () => {
    const home = (await tree(91)).find((page) => page.url === '/');
    expect(home).toBeDefined();
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/page/tree' });
    expect(JSON.stringify(response.json().data)).not.toContain('"blocks"');
  });

  it("never answers another site's blocks under this site's id", async () => {
    const wineryHome = await pageId(92, '/');
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/page/${wineryHome}`,
    });
    expect(response.statusCode).toBe(404);
    expect((await pageDetail(92, wineryHome)).url).toBe('/');
  });
});

describe('the sample page content', () => {
  it('gives every page of both sample sites only valid blocks', async () => {
    for (const siteId of [91, 92]) {
      for (const page of flatten(await tree(siteId))) await pageDetail(siteId, page.id);
    }
    expect(logLines).toEqual([]);
  });

  it("opens the salon's home with its welcome text and ends with the newsletter sign-up", async () => {
    const home = await pageDetail(91, await pageId(91, '/'));
    expect(home.blocks[0]).toMatchObject({ type: 'richText', title: "Bienvenue à l'Atelier" });
    expect(home.blocks.at(-1)).toMatchObject({ type: 'newsletter' });
    expect(home.blocks).toContainEqual(
      expect.objectContaining({ type: 'callToAction', href: '/nous-contacter' }),
    );
  });

  it("gives the winemaker's home a welcome text and an invitation to visit", async () => {
    const home = await pageDetail(92, await pageId(92, '/'));
    expect(home.blocks[0]).toMatchObject({ type: 'richText' });
    expect(home.blocks.map((block) => block.type)).toContain('callToAction');
  });
});
