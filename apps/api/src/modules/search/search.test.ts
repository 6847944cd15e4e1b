import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPageSchema, type SearchPage } from '@comptoir/contract/search';
import { blogArticles, declinations, news, pages, products, siteParameters } from '../../db/schema';
import { makeTestProduct } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  SEARCH_DISABLED_MESSAGE,
  SEARCH_MISSING_MESSAGE,
  SEARCH_ONE_AT_A_TIME_MESSAGE,
  SEARCH_PAGE_MESSAGE,
  SEARCH_PAGE_SIZE_MESSAGE,
  SEARCH_TOO_LONG_MESSAGE,
  SEARCH_TOO_MANY_WORDS_MESSAGE,
  SEARCH_TOO_SHORT_MESSAGE,
} from './search-service';

let testApp: TestApp;

type Query = Record<string, string | string[]>;

function get(siteId: number, query: Query) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url: '/search', query });
}

async function search(siteId: number, query: Query): Promise<SearchPage> {
  const response = await get(siteId, query);
  expect(response.statusCode, response.body).toBe(200);
  return searchPageSchema.parse(response.json().data);
}

const titles = (page: SearchPage) => page.list.map((result) => `${result.kind} ${result.title}`);

async function setParameter(siteId: number, type: string, value: string) {
  await testApp.database.db
    .update(siteParameters)
    .set({ value })
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)));
  testApp.app.siteCache.invalidateSite(siteId);
}

const hour = 3_600_000;

beforeAll(async () => {
  testApp = await createTestApp();
  await setParameter(91, 'SHOW_SEARCHBAR', 'true');
  await setParameter(92, 'SHOW_SEARCHBAR', 'true');
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /search finds words whatever their accents and case', () => {
  it('finds « Côte » by « cote », « élevé » by « ELEVE », and a word by its start', async () => {
    const db = testApp.database.db;
    const [item] = await db
      .insert(news)
      .values({
        siteId: 91,
        slug: 'zephyrine-cote',
        title: 'La Côte des Zéphyrines',
        summary: 'Un vin élevé en fût de chêne, à la robe œil-de-perdrix.',
        publishedAt: new Date(Date.now() - hour),
      })
      .returning({ id: news.id });
    try {
      for (const q of [
        'cote zephyrine',
        'CÔTE ZÉPHYRINES',
        'Zephyr',
        'eleve fut',
        'ÉLEVÉ',
        'oeil perdrix',
      ]) {
        const found = await search(91, { q });
        expect(titles(found), q).toContain('NEWS La Côte des Zéphyrines');
      }
      // A word is found by its start, not in its middle.
      expect((await search(91, { q: 'phyrine' })).total).toBe(0);
      // Every word must be found.
      expect((await search(91, { q: 'zephyrine brioche' })).total).toBe(0);
      const [result] = (await search(91, { q: 'zephyrines' })).list;
      expect(result).toMatchObject({
        kind: 'NEWS',
        id: item!.id,
        excerpt: 'Un vin élevé en fût de chêne, à la robe œil-de-perdrix.',
        linkUrl: null,
      });
    } finally {
      await db.delete(news).where(eq(news.id, item!.id));
    }
  });

  it('reads the words of a page’s blocks and of rich text, never an embed’s code', async () => {
    const db = testApp.database.db;
    const [page] = await db
      .insert(pages)
      .values({
        siteId: 91,
        url: '/galerie-des-quenelles',
        title: 'Notre galerie',
        blocks: [
          {
            type: 'richText',
            html: '<p>Le bal des <strong>Quenelles&nbsp;d&eacute;goulin&eacute;es</strong></p>',
          },
          {
            type: 'htmlEmbed',
            title: 'Vidéo',
            html: '<iframe src="https://example.com/parapluie"></iframe>',
          },
        ],
      })
      .returning({ id: pages.id });
    try {
      const found = await search(91, { q: 'quenelles degoulinees' });
      expect(found.list).toEqual([
        expect.objectContaining({
          kind: 'PAGE',
          id: page!.id,
          url: '/galerie-des-quenelles',
          excerpt: 'Le bal des Quenelles dégoulinées Vidéo',
        }),
      ]);
      expect((await search(91, { q: 'parapluie' })).total).toBe(0);
    } finally {
      await db.delete(pages).where(eq(pages.id, page!.id));
    }
  });

  it('treats the wildcards of LIKE and other signs as nothing but separators', async () => {
    for (const q of ['%%', '_ _', "\\'--", '<script>']) {
      const response = await get(91, { q });
      expect(response.statusCode, q).toBe(200);
    }
    expect((await search(91, { q: '%%' })).total).toBe(0);
  });
});

describe('GET /search ranks the results', () => {
  it('puts a title that is the search first, then titles holding it, then texts, newest first', async () => {
    const db = testApp.database.db;
    const { productId } = await makeTestProduct(testApp.database, 92);
    await db
      .update(products)
      .set({ name: 'Barbaresque', summary: 'Notre cuvée de garde.' })
      .where(eq(products.id, productId));
    const [page] = await db
      .insert(pages)
      .values({ siteId: 92, url: '/la-barbaresque-en-fete', title: 'La Barbaresque en fête' })
      .returning({ id: pages.id });
    const articles = await db
      .insert(blogArticles)
      .values([
        {
          siteId: 92,
          slug: 'vendanges-anciennes',
          title: 'Vendanges anciennes',
          content: '<p>La barbaresque se vendangeait à la main.</p>',
          publishedAt: new Date(Date.now() - 48 * hour),
        },
        {
          siteId: 92,
          slug: 'vendanges-recentes',
          title: 'Vendanges récentes',
          content: '<p>La barbaresque se vendange encore à la main.</p>',
          publishedAt: new Date(Date.now() - 2 * hour),
        },
      ])
      .returning({ id: blogArticles.id });
    try {
      const found = await search(92, { q: 'barbaresque' });
      expect(titles(found)).toEqual([
        'PRODUCT Barbaresque',
        'PAGE La Barbaresque en fête',
        'ARTICLE Vendanges récentes',
        'ARTICLE Vendanges anciennes',
      ]);
      expect(found.total).toBe(4);
      expect(found.list[0]).toMatchObject({
        kind: 'PRODUCT',
        id: productId,
        excerpt: 'Notre cuvée de garde.',
      });

      // Pages of results, the count kept on each.
      const second = await search(92, { q: 'barbaresque', nbItem: '3', page: '2' });
      expect(titles(second)).toEqual(['ARTICLE Vendanges anciennes']);
      expect(second.total).toBe(4);
      const beyond = await search(92, { q: 'barbaresque', nbItem: '3', page: '5' });
      expect(beyond).toEqual({ list: [], total: 4 });
    } finally {
      await db.delete(blogArticles).where(
        inArray(
          blogArticles.id,
          articles.map((row) => row.id),
        ),
      );
      await db.delete(pages).where(eq(pages.id, page!.id));
      await db.delete(declinations).where(eq(declinations.productId, productId));
      await db.delete(products).where(eq(products.id, productId));
    }
  });
});

describe('GET /search shows what a visitor may see of this site only', () => {
  it("never answers another site's records", async () => {
    const db = testApp.database.db;
    const inserted = await db
      .insert(news)
      .values([
        {
          siteId: 91,
          slug: 'gribouille-91',
          title: 'Gribouille au salon',
          publishedAt: new Date(Date.now() - hour),
        },
        {
          siteId: 92,
          slug: 'gribouille-92',
          title: 'Gribouille au domaine',
          publishedAt: new Date(Date.now() - hour),
        },
      ])
      .returning({ id: news.id });
    try {
      expect(titles(await search(91, { q: 'gribouille' }))).toEqual(['NEWS Gribouille au salon']);
      expect(titles(await search(92, { q: 'gribouille' }))).toEqual(['NEWS Gribouille au domaine']);
    } finally {
      await db.delete(news).where(
        inArray(
          news.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });

  it('leaves out withdrawn and scheduled news and articles, hidden products and link pages', async () => {
    const db = testApp.database.db;
    const future = new Date(Date.now() + 48 * hour);
    const past = new Date(Date.now() - hour);
    const newsIds = (
      await db
        .insert(news)
        .values([
          {
            siteId: 92,
            slug: 'farfadet-retire',
            title: 'Farfadet retiré',
            isPublished: false,
            publishedAt: past,
          },
          { siteId: 92, slug: 'farfadet-futur', title: 'Farfadet à venir', publishedAt: future },
        ])
        .returning({ id: news.id })
    ).map((row) => row.id);
    const articleIds = (
      await db
        .insert(blogArticles)
        .values([
          {
            siteId: 92,
            slug: 'farfadet-brouillon',
            title: 'Farfadet brouillon',
            content: '',
            isPublished: false,
            publishedAt: past,
          },
          {
            siteId: 92,
            slug: 'farfadet-programme',
            title: 'Farfadet programmé',
            content: '',
            publishedAt: future,
          },
        ])
        .returning({ id: blogArticles.id })
    ).map((row) => row.id);
    const hidden = await makeTestProduct(testApp.database, 92);
    await db
      .update(products)
      .set({ name: 'Farfadet caché', isPublished: false })
      .where(eq(products.id, hidden.productId));
    // A product without any declination cannot be bought: the catalogue does not show it.
    const [bare] = await db
      .insert(products)
      .values({
        siteId: 92,
        type: 'WINE',
        name: 'Farfadet sans millésime',
        slug: 'farfadet-sans-millesime',
      })
      .returning({ id: products.id });
    const [link] = await db
      .insert(pages)
      .values({
        siteId: 92,
        url: '/farfadet-ailleurs',
        title: 'Farfadet ailleurs',
        linkType: 'EXTERNAL',
        linkUrl: 'https://example.com',
      })
      .returning({ id: pages.id });
    const visible = await makeTestProduct(testApp.database, 92);
    await db
      .update(products)
      .set({ name: 'Farfadet visible' })
      .where(eq(products.id, visible.productId));
    try {
      expect(titles(await search(92, { q: 'farfadet' }))).toEqual(['PRODUCT Farfadet visible']);
    } finally {
      await db.delete(news).where(inArray(news.id, newsIds));
      await db.delete(blogArticles).where(inArray(blogArticles.id, articleIds));
      await db.delete(pages).where(eq(pages.id, link!.id));
      for (const productId of [hidden.productId, visible.productId, bare!.id]) {
        await db.delete(declinations).where(eq(declinations.productId, productId));
        await db.delete(products).where(eq(products.id, productId));
      }
    }
  });

  it('leaves out the articles of a site whose blog is off, and the products of a site that does not sell', async () => {
    const db = testApp.database.db;
    const [article] = await db
      .insert(blogArticles)
      .values({
        siteId: 91,
        slug: 'tarabiscote',
        title: 'Coiffure tarabiscotée',
        content: '',
        publishedAt: new Date(Date.now() - hour),
      })
      .returning({ id: blogArticles.id });
    // Site 91 does not sell online: its products have no page to lead to.
    const product = await makeTestProduct(testApp.database, 91);
    await db
      .update(products)
      .set({ name: 'Tarabiscot en flacon' })
      .where(eq(products.id, product.productId));
    try {
      expect(titles(await search(91, { q: 'tarabiscot' }))).toEqual([
        'ARTICLE Coiffure tarabiscotée',
      ]);
      await setParameter(91, 'IS_BLOG_ACTIVATED', 'false');
      expect((await search(91, { q: 'tarabiscot' })).total).toBe(0);
    } finally {
      await setParameter(91, 'IS_BLOG_ACTIVATED', 'true');
      await db.delete(blogArticles).where(eq(blogArticles.id, article!.id));
      await db.delete(declinations).where(eq(declinations.productId, product.productId));
      await db.delete(products).where(eq(products.id, product.productId));
    }
  });

  it('links a news item to the page that lists the news', async () => {
    const db = testApp.database.db;
    const [item] = await db
      .insert(news)
      .values({
        siteId: 91,
        slug: 'mirabelle',
        title: 'Atelier mirabelle',
        linkUrl: '/nous-contacter',
        publishedAt: new Date(Date.now() - hour),
      })
      .returning({ id: news.id });
    try {
      const [result] = (await search(91, { q: 'mirabelle' })).list;
      // Site 91's home page holds the news feed.
      const [feedPage] = await db
        .select({ url: pages.url })
        .from(pages)
        .where(and(eq(pages.siteId, 91), eq(pages.url, '/')));
      expect(feedPage).toBeDefined();
      expect(result).toMatchObject({ kind: 'NEWS', linkUrl: '/nous-contacter', listUrl: '/' });
    } finally {
      await db.delete(news).where(eq(news.id, item!.id));
    }
  });

  it('finds the seeded content of both demo sites', async () => {
    const wine = await search(92, { q: 'chenin' });
    expect(wine.total).toBeGreaterThan(0);
    expect(wine.list.some((result) => result.kind === 'PRODUCT')).toBe(true);
    const salon = await search(91, { q: 'coiffure' });
    expect(salon.total).toBeGreaterThan(0);
  });
});

describe('GET /search refuses bad input in French', () => {
  it.each([
    ['no search', {}, 'q', SEARCH_MISSING_MESSAGE],
    ['a blank search', { q: '   ' }, 'q', SEARCH_MISSING_MESSAGE],
    ['one character', { q: ' é ' }, 'q', SEARCH_TOO_SHORT_MESSAGE],
    ['101 characters', { q: 'a'.repeat(101) }, 'q', SEARCH_TOO_LONG_MESSAGE],
    [
      'nine words',
      { q: 'un deux trois quatre cinq six sept huit neuf' },
      'q',
      SEARCH_TOO_MANY_WORDS_MESSAGE,
    ],
    ['two searches', { q: ['vin', 'rouge'] }, 'q', SEARCH_ONE_AT_A_TIME_MESSAGE],
    ['page 0', { q: 'vin', page: '0' }, 'page', SEARCH_PAGE_MESSAGE],
    ['page « deux »', { q: 'vin', page: 'deux' }, 'page', SEARCH_PAGE_MESSAGE],
    ['page 101', { q: 'vin', page: '101' }, 'page', SEARCH_PAGE_MESSAGE],
    ['page -1', { q: 'vin', page: '-1' }, 'page', SEARCH_PAGE_MESSAGE],
    ['51 a page', { q: 'vin', nbItem: '51' }, 'nbItem', SEARCH_PAGE_SIZE_MESSAGE],
    ['1.5 a page', { q: 'vin', nbItem: '1.5' }, 'nbItem', SEARCH_PAGE_SIZE_MESSAGE],
  ])('answers 400 for %s', async (_, query, key, message) => {
    const response = await get(92, query as Query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      message,
      errors: [{ key, error: message }],
    });
  });

  it('takes 100 characters and eight words', async () => {
    expect((await get(92, { q: 'a'.repeat(100) })).statusCode).toBe(200);
    expect((await get(92, { q: 'un deux trois quatre cinq six sept huit' })).statusCode).toBe(200);
  });

  it('answers 404 where SHOW_SEARCHBAR is off', async () => {
    await setParameter(91, 'SHOW_SEARCHBAR', 'false');
    try {
      const response = await get(91, { q: 'coiffure' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SEARCH_DISABLED_MESSAGE);
      // Site 92 keeps its search.
      expect((await get(92, { q: 'chenin' })).statusCode).toBe(200);
    } finally {
      await setParameter(91, 'SHOW_SEARCHBAR', 'true');
    }
  });
});
