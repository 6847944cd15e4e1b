import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema, type Page } from '@comptoir/contract/page';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
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
