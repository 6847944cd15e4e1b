import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumListSchema, albumSchema } from '@comptoir/contract/album';
import { albumMedia, albums } from '../../db/schema';
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

async function list(siteId: number, query: Record<string, string | string[]> = {}) {
  const response = await get(siteId, '/album', query);
  expect(response.statusCode, response.body).toBe(200);
  return albumListSchema.parse(response.json().data);
}

async function album(siteId: number, id: number) {
  const response = await get(siteId, `/album/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return albumSchema.parse(response.json().data);
}

async function createAlbum(
  siteId: number,
  values: { slug: string; title?: string; position?: number; isPublished?: boolean },
) {
  const [created] = await testApp.database.db
    .insert(albums)
    .values({ siteId, title: values.title ?? values.slug, position: 50, ...values })
    .returning();
  return created!;
}

async function seededAlbumId(slug: string): Promise<number> {
  const found = (await list(91, { slug })).list[0];
  expect(found, slug).toBeDefined();
  return found!.id;
}

describe('GET /album', () => {
  it("lists site 91's three albums by position, each with its cover and its number of media", async () => {
    const albumsOf91 = await list(91, { page: '1', nbItem: '100' });
    expect(albumsOf91.total).toBe(3);
    expect(
      albumsOf91.list.map(({ slug, title, mediaCount }) => ({ slug, title, mediaCount })),
    ).toEqual([
      { slug: 'transformations', title: 'Transformations coiffure', mediaCount: 8 },
      { slug: 'ateliers-conseil-en-image', title: 'Ateliers conseil en image', mediaCount: 5 },
      { slug: 'le-salon', title: 'Le salon', mediaCount: 6 },
    ]);
    for (const entry of albumsOf91.list) {
      expect(entry.description).toBeTruthy();
      expect(entry.cover?.url).toMatch(/^\/samples\/albums\/.+\.svg$/);
      expect(entry.cover?.alt).toBeTruthy();
    }
    expect(albumsOf91.list[2]?.cover).toEqual({
      url: '/samples/albums/le-salon/devanture.svg',
      alt: expect.stringContaining('devanture'),
      width: 1200,
      height: 900,
    });
  });

  it("never lists another site's albums", async () => {
    await createAlbum(92, { slug: 'les-vendanges', title: 'Les vendanges' });
    const albumsOf92 = await list(92);
    expect(albumsOf92.list.map((entry) => entry.slug)).toEqual(['les-vendanges']);
    expect((await list(91)).list.map((entry) => entry.slug)).not.toContain('les-vendanges');
  });

  it('gives an album without images no cover', async () => {
    const empty = await createAlbum(92, { slug: 'bientot', title: 'Bientôt' });
    const [listed] = (await list(92, { slug: 'bientot' })).list;
    expect(listed).toMatchObject({ id: empty.id, cover: null, mediaCount: 0 });
  });

  it('pages by 100 by default and by nbItem on request', async () => {
    for (let index = 0; index < 100; index += 1) {
      await createAlbum(91, { slug: `album-${index}`, position: 100 + index });
    }
    const first = await list(91);
    expect(first.total).toBe(103);
    expect(first.list).toHaveLength(100);
    const second = await list(91, { page: '2' });
    expect(second.list.map((entry) => entry.slug)).toEqual(['album-97', 'album-98', 'album-99']);
    const small = await list(91, { page: '2', nbItem: '2' });
    expect(small.list.map((entry) => entry.slug)).toEqual(['le-salon', 'album-0']);
  });

  it('filters with the list operators', async () => {
    const bySlug = await list(91, { slug: 'le-salon' });
    expect(bySlug.list.map((entry) => entry.title)).toEqual(['Le salon']);
    const byTitle = await list(91, { title: 'lk:conseil' });
    expect(byTitle.list.map((entry) => entry.slug)).toEqual(['ateliers-conseil-en-image']);
    expect((await list(91, { slug: 'df:le-salon', nbItem: '2' })).list[0]?.slug).toBe(
      'transformations',
    );
  });

  it('hides unpublished albums', async () => {
    await createAlbum(91, { slug: 'brouillon', isPublished: false });
    expect((await list(91, { slug: 'brouillon' })).total).toBe(0);
  });

  it.each([
    ['page', 'abc'],
    ['page', '0'],
    ['nbItem', '0'],
    ['nbItem', '1001'],
    ['id', 'abc'],
    ['id', 'gt:deux'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, '/album', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe(key);
  });
});

describe('GET /album/:id', () => {
  it('returns the album with its images and its video, by position', async () => {
    const salon = await album(91, await seededAlbumId('le-salon'));
    expect(salon.title).toBe('Le salon');
    expect(salon.mediaCount).toBe(6);
    expect(salon.media.map((media) => media.type)).toEqual([
      'IMAGE',
      'IMAGE',
      'IMAGE',
      'IMAGE',
      'IMAGE',
      'VIDEO',
    ]);
    expect(salon.media[0]).toMatchObject({
      url: '/samples/albums/le-salon/devanture.svg',
      posterUrl: null,
      width: 1200,
      height: 900,
    });
    expect(salon.media[5]).toMatchObject({
      url: '/samples/albums/le-salon/visite-du-salon.webm',
      posterUrl: '/samples/albums/le-salon/visite-du-salon-affiche.svg',
    });
    for (const media of salon.media) expect(media.alt.length).toBeGreaterThan(20);
    expect(salon.cover?.url).toBe(salon.media[0]?.url);
  });

  it('orders the media by position, whatever their insertion order', async () => {
    const created = await createAlbum(91, { slug: 'ordre' });
    await testApp.database.db.insert(albumMedia).values([
      { siteId: 91, albumId: created.id, url: '/b.svg', alt: 'Deuxième', position: 2 },
      { siteId: 91, albumId: created.id, url: '/a.svg', alt: 'Première', position: 1 },
    ]);
    const ordered = await album(91, created.id);
    expect(ordered.media.map((media) => media.alt)).toEqual(['Première', 'Deuxième']);
    expect(ordered.cover?.alt).toBe('Première');
  });

  it("answers 404 for an unknown id, another site's album or an unpublished one", async () => {
    const wine = await createAlbum(92, { slug: 'le-chai', title: 'Le chai' });
    const hidden = await createAlbum(91, { slug: 'cache', isPublished: false });
    const salonId = await seededAlbumId('le-salon');
    for (const [siteId, id] of [
      [91, 999999],
      [91, wine.id],
      [92, salonId],
      [91, hidden.id],
    ] as const) {
      const response = await get(siteId, `/album/${id}`);
      expect(response.statusCode, `${siteId} ${id}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });

  it.each(['abc', '0', '-3', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/album/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );
});
