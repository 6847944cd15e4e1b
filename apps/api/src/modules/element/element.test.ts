import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elementListSchema, elementSchema } from '@comptoir/contract/element';
import { elementLists, elements } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function get(siteId: number, url: string, query: Record<string, string | string[]> = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url, query });
}

async function list(siteId: number, route: string, query: Record<string, string | string[]> = {}) {
  const response = await get(siteId, `/element/${route}`, query);
  expect(response.statusCode, response.body).toBe(200);
  return elementListSchema.parse(response.json().data);
}

/** A list of `count` published elements on site 91, for the paging tests. */
async function createLongList(route: string, count: number) {
  const db = testApp.database.db;
  const [created] = await db
    .insert(elementLists)
    .values({ siteId: 91, route, name: 'Liste longue' })
    .returning();
  await db.insert(elements).values(
    Array.from({ length: count }, (_, index) => ({
      siteId: 91,
      listId: created!.id,
      title: `Élément ${index + 1}`,
      position: index + 1,
    })),
  );
  return created!;
}

describe('GET /element/:route', () => {
  it("lists site 91's three banner messages by position, each with its colour and message", async () => {
    const banner = await list(91, 'bandeau-promotionnel');
    expect(banner.name).toBe('Bandeau promotionnel');
    expect(banner.total).toBe(3);
    expect(banner.list.map((element) => element.position)).toEqual([1, 2, 3]);
    for (const element of banner.list) {
      expect(element.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(element.html).toBeTruthy();
    }
    expect(banner.list[1]?.html).toContain('/offrir-un-bon-cadeau');
  });

  it('gives site 92 its own banner of exactly two messages', async () => {
    const banner = await list(92, 'bandeau-promotionnel');
    expect(banner.total).toBe(2);
    expect(banner.list.map((element) => element.title)).not.toContain('Bons cadeaux de Noël');
  });

  it('serves the footer logos and useful links of site 91', async () => {
    const logos = await list(91, 'logo-footer', { nbItem: '100' });
    expect(logos.list.length).toBeGreaterThanOrEqual(2);
    for (const logo of logos.list) expect(logo.imageUrl).toMatch(/^\/sites\/91\/.+\.svg$/);
    const links = await list(91, 'link-footer', { page: '1', nbItem: '100' });
    expect(links.list.map((link) => [link.title, link.linkUrl])).toContainEqual([
      'Offrir un bon cadeau',
      '/offrir-un-bon-cadeau',
    ]);
  });

  it('pages by 24 by default and up to 1000 on request', async () => {
    await createLongList('liste-longue', 30);
    const first = await list(91, 'liste-longue');
    expect(first.list).toHaveLength(24);
    expect(first.total).toBe(30);
    const second = await list(91, 'liste-longue', { page: '2' });
    expect(second.list.map((element) => element.title)).toEqual(
      Array.from({ length: 6 }, (_, index) => `Élément ${index + 25}`),
    );
    expect((await list(91, 'liste-longue', { nbItem: '1000' })).list).toHaveLength(30);
  });

  it('filters with the list operators', async () => {
    const byTitle = await list(91, 'bandeau-promotionnel', { title: 'lk:cadeau' });
    expect(byTitle.list.map((element) => element.title)).toEqual(['Bons cadeaux de Noël']);
    expect(byTitle.total).toBe(1);
    const byPosition = await list(91, 'bandeau-promotionnel', { position: 'gte:2' });
    expect(byPosition.list.map((element) => element.position)).toEqual([2, 3]);
    const empty = await list(91, 'bandeau-promotionnel', { title: '' });
    expect(empty.total).toBe(3);
  });

  it('hides unpublished elements', async () => {
    const db = testApp.database.db;
    const [list91] = await db
      .select()
      .from(elementLists)
      .where(and(eq(elementLists.siteId, 91), eq(elementLists.route, 'link-footer')));
    await db.insert(elements).values({
      siteId: 91,
      listId: list91!.id,
      title: 'Brouillon',
      position: 99,
      isPublished: false,
    });
    const links = await list(91, 'link-footer', { nbItem: '100' });
    expect(links.list.map((link) => link.title)).not.toContain('Brouillon');
  });

  it('answers 404 for a route the site does not have, even when another site has it', async () => {
    const response = await get(92, '/element/logo-footer');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect((await get(91, '/element/inconnue')).statusCode).toBe(404);
  });

  it.each([
    ['page', 'abc'],
    ['page', '0'],
    ['nbItem', '0'],
    ['nbItem', '1001'],
    ['id', 'abc'],
    ['position', 'gt:deux'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, '/element/bandeau-promotionnel', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe(key);
  });

  it('refuses a route that is not a slug', async () => {
    const response = await get(91, '/element/Bandeau%20promotionnel');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('route');
  });
});

describe('GET /element/:route/:id', () => {
  it('returns one element of the list', async () => {
    const [first] = (await list(91, 'bandeau-promotionnel')).list;
    const response = await get(91, `/element/bandeau-promotionnel/${first!.id}`);
    expect(response.statusCode).toBe(200);
    expect(elementSchema.parse(response.json().data)).toEqual(first);
  });

  it("answers 404 for an unknown id, another list's element or another site's element", async () => {
    const [message] = (await list(91, 'bandeau-promotionnel')).list;
    const [wine] = (await list(92, 'bandeau-promotionnel')).list;
    for (const [siteId, url] of [
      [91, '/element/bandeau-promotionnel/999999'],
      [91, `/element/link-footer/${message!.id}`],
      [91, `/element/bandeau-promotionnel/${wine!.id}`],
      [92, `/element/bandeau-promotionnel/${message!.id}`],
    ] as const) {
      const response = await get(siteId, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });

  it.each(['abc', '0', '-3', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/element/bandeau-promotionnel/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );
});
