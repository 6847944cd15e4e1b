import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchPageSchema, type SearchPage } from '@comptoir/contract/search';
import { blogArticles, news, siteParameters } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { describeOnPostgres } from '../../test/postgres';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The site search on PostgreSQL: the folded words (migration 0021) are plain SQL functions, and
 * PostgreSQL's lower() and collation differ from PGlite's (C.UTF-8 lowers « É », PGlite's C does
 * not), so the same searches must find the same records here. The rest of the behaviour is in
 * search.test.ts, run on PGlite.
 */
describeOnPostgres('the site search on PostgreSQL', () => {
  let testApp: TestApp;
  const hour = 3_600_000;

  async function search(siteId: number, q: string, extra: Record<string, string> = {}) {
    const response = await siteRequest(testApp.app, siteId, {
      method: 'GET',
      url: '/search',
      query: { q, ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
    return searchPageSchema.parse(response.json().data);
  }
  const titles = (page: SearchPage) => page.list.map((result) => `${result.kind} ${result.title}`);

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.database.db
      .update(siteParameters)
      .set({ value: 'true' })
      .where(
        and(inArray(siteParameters.siteId, [91, 92]), eq(siteParameters.type, 'SHOW_SEARCHBAR')),
      );
    testApp.app.siteCache.invalidateSite(91);
    testApp.app.siteCache.invalidateSite(92);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('finds accented and upper-case words, ranks titles first and keeps to the site', async () => {
    const db = testApp.database.db;
    const inserted = await db
      .insert(news)
      .values([
        {
          siteId: 92,
          slug: 'pg-cote',
          title: 'ÉLÉGANCE DE LA CÔTE',
          publishedAt: new Date(Date.now() - 3 * hour),
        },
        {
          siteId: 92,
          slug: 'pg-texte',
          title: 'Portes ouvertes',
          summary: 'Une élégance de côte, élevée en fût.',
          publishedAt: new Date(Date.now() - hour),
        },
        {
          siteId: 91,
          slug: 'pg-autre-site',
          title: 'Élégance de la côte au salon',
          publishedAt: new Date(Date.now() - hour),
        },
      ])
      .returning({ id: news.id });
    try {
      for (const q of ['elegance cote', 'Élégance CÔTE', 'ELEGANCE']) {
        expect(titles(await search(92, q)), q).toEqual([
          'NEWS ÉLÉGANCE DE LA CÔTE',
          'NEWS Portes ouvertes',
        ]);
      }
      expect(titles(await search(91, 'elegance cote'))).toEqual([
        'NEWS Élégance de la côte au salon',
      ]);
    } finally {
      await db.delete(news).where(
        inArray(
          news.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });

  it('keeps the folded words up to date on every write', async () => {
    const db = testApp.database.db;
    const [article] = await db
      .insert(blogArticles)
      .values({
        siteId: 92,
        slug: 'pg-renomme',
        title: 'Les grappes du Zorglub',
        content: '<p>Texte</p>',
        publishedAt: new Date(Date.now() - hour),
      })
      .returning({ id: blogArticles.id });
    try {
      expect((await search(92, 'grappes zorglub')).total).toBe(1);
      await db
        .update(blogArticles)
        .set({ title: 'Les sarments', content: '<p>Taille des sarments en hiver</p>' })
        .where(eq(blogArticles.id, article!.id));
      expect((await search(92, 'grappes zorglub')).total).toBe(0);
      expect(titles(await search(92, 'sarments hiver'))).toEqual(['ARTICLE Les sarments']);
    } finally {
      await db.delete(blogArticles).where(eq(blogArticles.id, article!.id));
    }
  });

  it('answers in milliseconds on the seeded sites and on a blog of 3,000 articles', async () => {
    const db = testApp.database.db;
    const timed = async (siteId: number, q: string) => {
      const times: number[] = [];
      for (let run = 0; run < 7; run += 1) {
        const start = performance.now();
        await search(siteId, q);
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[3]!;
    };
    const seeded = { wine: await timed(92, 'chenin'), salon: await timed(91, 'coiffure') };

    const paragraph =
      'Le chenin mûrit lentement sur les schistes ; la vendange se fait à la main, par tries successives, et le vin s’élève en fût. ';
    await db.insert(blogArticles).values(
      Array.from({ length: 3000 }, (_, index) => ({
        siteId: 92,
        slug: `pg-volume-${index}`,
        title: `Carnet de cave numéro ${index}`,
        content: `<p>${paragraph.repeat(8)}</p>`,
        publishedAt: new Date(Date.now() - (index + 1) * hour),
      })),
    );
    try {
      const volume = {
        everyArticle: await timed(92, 'chenin schistes'),
        none: await timed(92, 'zygomatique'),
      };
      const found = await search(92, 'carnet cave 2999');
      expect(titles(found)[0]).toBe('ARTICLE Carnet de cave numéro 2999');
      console.log(
        `site search on PostgreSQL, median of 7 (ms): seeded 92 « chenin » ${seeded.wine.toFixed(1)}, seeded 91 « coiffure » ${seeded.salon.toFixed(1)}; 3,000 articles: « chenin schistes » (all match) ${volume.everyArticle.toFixed(1)}, no match ${volume.none.toFixed(1)}`,
      );
      // Generous bounds for a shared machine: the point is milliseconds, not seconds.
      expect(seeded.wine).toBeLessThan(500);
      expect(seeded.salon).toBeLessThan(500);
      expect(volume.everyArticle).toBeLessThan(2000);
    } finally {
      await db.delete(blogArticles).where(like(blogArticles.slug, 'pg-volume-%'));
    }
  });
});
