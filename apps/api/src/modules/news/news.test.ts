import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsListSchema, newsSchema } from '@comptoir/contract/news';
import { news } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
/** A news item of site 92, made for the tenancy tests. */
let otherSiteNewsId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const [created] = await testApp.database.db
    .insert(news)
    .values({
      siteId: 92,
      slug: 'salon-des-vins-de-loire',
      title: 'Retrouvez-nous au salon des vins de Loire',
      summary: 'Stand 48, les 1er et 2 février.',
      publishedAt: new Date('2026-01-15T09:00:00Z'),
    })
    .returning({ id: news.id });
  otherSiteNewsId = created!.id;
});
afterAll(async () => {
  await testApp?.close();
});

type Query = Record<string, string | string[]>;

function get(siteId: number, url: string, query: Query = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url, query });
}

async function list(siteId: number, query: Query = {}) {
  const response = await get(siteId, '/news', query);
  expect(response.statusCode, response.body).toBe(200);
  return newsListSchema.parse(response.json().data);
}

/** Inserts news on site 91 for one test and removes them afterwards, so counts stay known. */
async function withNews(
  rows: Omit<typeof news.$inferInsert, 'siteId'>[],
  run: (ids: number[]) => Promise<void>,
) {
  const db = testApp.database.db;
  const inserted = await db
    .insert(news)
    .values(rows.map((row) => ({ ...row, siteId: 91 })))
    .returning({ id: news.id });
  const ids = inserted.map((row) => row.id);
  try {
    await run(ids);
  } finally {
    await db.delete(news).where(inArray(news.id, ids));
  }
}

describe('GET /news', () => {
  it("lists site 91's news newest first, with its promoted news apart", async () => {
    const page = await list(91);
    expect(page.total).toBe(5);
    expect(page.list.map((item) => item.slug)).toEqual([
      'atelier-colorimetrie-16-janvier',
      'bons-cadeaux-noel',
      'nouveaux-horaires-nocturne-vendredi',
      'nouvelle-gamme-colorations-vegetales',
      'salon-recycle-cheveux-coupes',
    ]);
    expect(page.promoted).toMatchObject({
      slug: 'nouveaux-horaires-nocturne-vendredi',
      promoted: true,
      linkUrl: '/nous-contacter',
      publishedAt: '2026-11-02T07:00:00.000Z',
    });
    expect(page.promoted?.content).toContain('<li>');
  });

  it('lists only the promoted news with promoted=true, as the storefront asks at start', async () => {
    const promoted = await list(91, { promoted: 'true' });
    expect(promoted.list.map((item) => item.slug)).toEqual(['nouveaux-horaires-nocturne-vendredi']);
    expect(promoted.total).toBe(1);
    const others = await list(91, { promoted: 'false' });
    expect(others.total).toBe(4);
    // The promoted news stays apart whatever the filters.
    expect(others.promoted?.slug).toBe('nouveaux-horaires-nocturne-vendredi');
  });

  it('serves 10 news per page by default', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({
      slug: `breve-${index + 1}`,
      title: `Brève ${index + 1}`,
      publishedAt: new Date(Date.UTC(2025, 5, 30 - index)),
    }));
    await withNews(rows, async () => {
      const first = await list(91);
      expect(first.total).toBe(17);
      expect(first.list).toHaveLength(10);
      const second = await list(91, { page: '2' });
      expect(second.list).toHaveLength(7);
      expect(second.list.at(-1)?.slug).toBe('breve-12');
      const small = await list(91, { page: '3', nbItem: '4' });
      expect(small.list.map((item) => item.slug)).toEqual([
        'breve-4',
        'breve-5',
        'breve-6',
        'breve-7',
      ]);
    });
  });

  it('filters with the list operators', async () => {
    const workshops = await list(91, { title: 'lk:atelier' });
    expect(workshops.list.map((item) => item.slug)).toEqual(['atelier-colorimetrie-16-janvier']);
    const bySlug = await list(91, { slug: 'bons-cadeaux-noel' });
    expect(bySlug.list.map((item) => item.title)).toEqual([
      'Les bons cadeaux de Noël sont arrivés',
    ]);
    const notThat = await list(91, { slug: 'df:bons-cadeaux-noel' });
    expect(notThat.total).toBe(4);
  });

  it('hides withdrawn news and news scheduled for later', async () => {
    await withNews(
      [
        { slug: 'brouillon', title: 'Brouillon', isPublished: false, promoted: true },
        {
          slug: 'demain',
          title: 'Demain',
          promoted: true,
          publishedAt: new Date(Date.now() + 24 * 3600 * 1000),
        },
      ],
      async (ids) => {
        const page = await list(91);
        expect(page.total).toBe(5);
        expect(page.promoted?.slug).toBe('nouveaux-horaires-nocturne-vendredi');
        for (const id of ids) expect((await get(91, `/news/${id}`)).statusCode).toBe(404);
      },
    );
  });

  it('gives each site its own news', async () => {
    // The wine domaine's twelve seeded news and the one made above, newest first.
    const wine = await list(92, { nbItem: '100' });
    expect(wine.total).toBe(13);
    expect(wine.list.slice(0, 3).map((item) => item.slug)).toEqual([
      'coffrets-de-fin-d-annee',
      'portes-ouvertes-decembre',
      'vendanges-2026-terminees',
    ]);
    expect(wine.list.slice(-3).map((item) => item.slug)).toEqual([
      'taille-terminee-2026',
      'salon-des-vins-de-loire',
      'livraison-offerte-des-12-bouteilles',
    ]);
    expect(wine.promoted?.slug).toBe('portes-ouvertes-decembre');
    expect((await list(91)).list.map((item) => item.slug)).not.toContain('salon-des-vins-de-loire');
  });

  it('gives no promoted news to a site that promotes none', async () => {
    const db = testApp.database.db;
    const promoted92 = and(eq(news.siteId, 92), eq(news.promoted, true));
    const ids = (await db.select({ id: news.id }).from(news).where(promoted92)).map(
      (row) => row.id,
    );
    await db.update(news).set({ promoted: false }).where(inArray(news.id, ids));
    try {
      const page = await list(92);
      expect(page.promoted).toBeNull();
      expect(page.total).toBe(13);
    } finally {
      await db.update(news).set({ promoted: true }).where(inArray(news.id, ids));
    }
  });

  it.each([
    ['page', '0'],
    ['page', 'abc'],
    ['nbItem', 'abc'],
    ['nbItem', '1001'],
    ['promoted', 'peut-etre'],
    ['id', 'abc'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, '/news', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe(key);
  });
});

describe('GET /news/:id', () => {
  it('returns one published news item', async () => {
    const [first] = (await list(91)).list;
    const response = await get(91, `/news/${first!.id}`);
    expect(response.statusCode).toBe(200);
    expect(newsSchema.parse(response.json().data)).toEqual(first);
  });

  it("answers 404 for an unknown id and for another site's news", async () => {
    const [wine] = (await list(92)).list;
    for (const [siteId, id] of [
      [91, 999999],
      [91, otherSiteNewsId],
      [91, wine!.id],
    ] as const) {
      const response = await get(siteId, `/news/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
    expect((await get(92, `/news/${otherSiteNewsId}`)).statusCode).toBe(200);
  });

  it.each(['abc', '0', '-2', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/news/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );
});
