import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogArianeEntrySchema,
  blogArticleSchema,
  blogFolderListSchema,
  blogFolderSchema,
  type BlogFolder,
} from '@comptoir/contract/blog';
import { blogArticles, blogFolders, siteParameters } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
/** A folder and an article that belong to site 92, made for the tenancy tests. */
let otherSite: { folderId: number; articleId: number };

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const [folder] = await db
    .insert(blogFolders)
    .values({ siteId: 92, slug: 'accords-mets-vins', title: 'Accords mets et vins', position: 2 })
    .returning();
  const [article] = await db
    .insert(blogArticles)
    .values({
      siteId: 92,
      folderId: folder!.id,
      slug: 'quel-vin-avec-les-huitres',
      title: 'Quel vin servir avec les huîtres ?',
      content: '<p>Un chenin sec et vif, servi bien frais.</p>',
      publishedAt: new Date('2026-01-10T10:00:00Z'),
    })
    .returning();
  otherSite = { folderId: folder!.id, articleId: article!.id };
});
afterAll(async () => {
  await testApp?.close();
});

type Query = Record<string, string | string[]>;

function get(siteId: number, url: string, query: Query = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url, query });
}

async function ok(siteId: number, url: string, query: Query = {}) {
  const response = await get(siteId, url, query);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ success: true, message: null });
  return response.json().data;
}

async function expectNotFound(siteId: number, url: string, query: Query = {}) {
  const response = await get(siteId, url, query);
  expect(response.statusCode, `${url} ${response.body}`).toBe(404);
  expect(response.json()).toMatchObject({ success: false, data: null });
}

async function folderBySlug(siteId: number, slug: string): Promise<BlogFolder> {
  return blogFolderSchema.parse(await ok(siteId, `/blog/folder/slug/${slug}`));
}

async function articleIdBySlug(slug: string): Promise<number> {
  return blogArticleSchema.parse(await ok(91, `/blog/slug/${slug}`)).id;
}

/** Inserts articles on site 91 for one test and removes them afterwards, so counts stay known. */
async function withArticles(
  rows: Omit<typeof blogArticles.$inferInsert, 'siteId'>[],
  run: (ids: number[]) => Promise<void>,
) {
  const db = testApp.database.db;
  const inserted = await db
    .insert(blogArticles)
    .values(rows.map((row) => ({ ...row, siteId: 91 })))
    .returning({ id: blogArticles.id });
  const ids = inserted.map((row) => row.id);
  try {
    await run(ids);
  } finally {
    await db.delete(blogArticles).where(inArray(blogArticles.id, ids));
  }
}

function testArticles(count: number, folderId: number | null, prefix: string) {
  return Array.from({ length: count }, (_, index) => ({
    folderId,
    slug: `${prefix}-${index + 1}`,
    title: `${prefix} ${index + 1}`,
    content: '<p>Texte</p>',
    // One day apart, the first one the most recent.
    publishedAt: new Date(Date.UTC(2025, 0, 31 - index)),
  }));
}

describe('GET /blog/folder/list', () => {
  it('gives the top-level folders of site 91 by position, each with its article count', async () => {
    const list = blogFolderListSchema.parse(await ok(91, '/blog/folder/list'));
    expect(list.folders.map((folder) => [folder.slug, folder.articleCount])).toEqual([
      ['conseils-coiffure', 3],
      ['conseil-en-image', 3],
      ['soins-du-cheveu', 2],
    ]);
    for (const folder of list.folders) expect(folder.idParent).toBeNull();
    // Every sample article sits in a folder: the root itself holds none.
    expect(list.blogs).toEqual([]);
    expect(list.total).toBe(0);
  });

  it('lists the latest articles of the whole blog, newest first, with includeSubFolders', async () => {
    const list = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', { includeSubFolders: 'true' }),
    );
    expect(list.total).toBe(10);
    expect(list.blogs).toHaveLength(10);
    const dates = list.blogs.map((article) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.blogs[0]).toMatchObject({
      slug: 'boucles-humidite-cotiere',
      author: 'Clémence Garnier',
      publishedAt: '2026-11-03T08:00:00.000Z',
    });
    expect(list.blogs[0]).not.toHaveProperty('content');
  });

  it('pages the articles with page and nbItem', async () => {
    const query = { includeSubFolders: 'true', nbItem: '4' };
    const first = blogFolderListSchema.parse(await ok(91, '/blog/folder/list', query));
    const third = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', { ...query, page: '3' }),
    );
    expect(first.blogs).toHaveLength(4);
    expect(third.blogs).toHaveLength(2);
    expect(third.total).toBe(10);
    const beyond = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', { ...query, page: '4' }),
    );
    expect(beyond.blogs).toEqual([]);
  });

  it('serves 12 articles per page by default, page 1 first', async () => {
    await withArticles(testArticles(15, null, 'archive'), async () => {
      const first = blogFolderListSchema.parse(await ok(91, '/blog/folder/list'));
      expect(first.total).toBe(15);
      expect(first.blogs.map((article) => article.slug)).toEqual(
        Array.from({ length: 12 }, (_, index) => `archive-${index + 1}`),
      );
      const second = blogFolderListSchema.parse(await ok(91, '/blog/folder/list', { page: '2' }));
      expect(second.blogs.map((article) => article.slug)).toEqual([
        'archive-13',
        'archive-14',
        'archive-15',
      ]);
    });
  });

  it('filters the articles with the list operators', async () => {
    const curls = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', { includeSubFolders: 'true', title: 'lk:boucl' }),
    );
    expect(curls.blogs.map((article) => article.slug).sort()).toEqual([
      'boucles-humidite-cotiere',
      'routine-cheveux-boucles',
    ]);
    expect(curls.total).toBe(2);
    const bySlug = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', {
        includeSubFolders: 'true',
        slug: 'frange-est-ce-pour-vous',
      }),
    );
    expect(bySlug.blogs.map((article) => article.title)).toEqual([
      'La frange : est-elle faite pour vous ?',
    ]);
    const byAuthor = blogFolderListSchema.parse(
      await ok(91, '/blog/folder/list', { includeSubFolders: 'true', author: 'lk:Inès' }),
    );
    expect(byAuthor.total).toBe(3);
  });

  it('hides withdrawn articles and articles scheduled for later', async () => {
    const folder = await folderBySlug(91, 'conseils-coiffure');
    const future = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await withArticles(
      [
        {
          folderId: folder.id,
          slug: 'brouillon',
          title: 'Brouillon',
          content: '<p>…</p>',
          isPublished: false,
        },
        {
          folderId: folder.id,
          slug: 'programme',
          title: 'Programmé',
          content: '<p>…</p>',
          publishedAt: future,
        },
      ],
      async ([draftId, scheduledId]) => {
        const list = blogFolderListSchema.parse(await ok(91, `/blog/folder/list/${folder.id}`));
        expect(list.total).toBe(3);
        expect(list.blogs.map((article) => article.slug)).not.toContain('brouillon');
        expect(list.blogs.map((article) => article.slug)).not.toContain('programme');
        expect((await folderBySlug(91, 'conseils-coiffure')).articleCount).toBe(3);
        for (const url of [
          `/blog/${draftId}`,
          `/blog/${scheduledId}`,
          '/blog/slug/brouillon',
          '/blog/slug/programme',
          `/blog/ariane/${scheduledId}`,
        ]) {
          await expectNotFound(91, url);
        }
      },
    );
  });

  it.each([
    ['page', '0'],
    ['page', 'abc'],
    ['nbItem', 'abc'],
    ['nbItem', '0'],
    ['nbItem', '1001'],
    ['includeSubFolders', 'yes'],
    ['id', 'abc'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, '/blog/folder/list', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe(key);
  });
});

describe('GET /blog/folder/list/:id', () => {
  it("gives a folder's sub-folders and its own articles, newest first", async () => {
    const care = await folderBySlug(91, 'soins-du-cheveu');
    const list = blogFolderListSchema.parse(await ok(91, `/blog/folder/list/${care.id}`));
    expect(list.folders.map((folder) => [folder.slug, folder.idParent])).toEqual([
      ['cheveux-boucles', care.id],
    ]);
    expect(list.blogs.map((article) => article.slug)).toEqual([
      'cheveux-air-marin-ete',
      'bien-faire-son-shampoing',
    ]);
    expect(list.total).toBe(2);
    for (const article of list.blogs) expect(article.folderId).toBe(care.id);
  });

  it("adds the sub-folders' articles with includeSubFolders", async () => {
    const care = await folderBySlug(91, 'soins-du-cheveu');
    const list = blogFolderListSchema.parse(
      await ok(91, `/blog/folder/list/${care.id}`, { includeSubFolders: 'true' }),
    );
    expect(list.total).toBe(4);
    expect(list.blogs[0]?.slug).toBe('boucles-humidite-cotiere');
  });

  it('pages a long folder by 12', async () => {
    const folder = await folderBySlug(91, 'conseil-en-image');
    await withArticles(testArticles(11, folder.id, 'image'), async () => {
      const first = blogFolderListSchema.parse(await ok(91, `/blog/folder/list/${folder.id}`));
      expect(first.total).toBe(14);
      expect(first.blogs).toHaveLength(12);
      const second = blogFolderListSchema.parse(
        await ok(91, `/blog/folder/list/${folder.id}`, { page: '2' }),
      );
      expect(second.blogs).toHaveLength(2);
    });
  });

  it("answers 404 for an unknown folder and for another site's folder", async () => {
    await expectNotFound(91, '/blog/folder/list/999999');
    await expectNotFound(91, `/blog/folder/list/${otherSite.folderId}`);
    const wine = blogFolderListSchema.parse(
      await ok(92, `/blog/folder/list/${otherSite.folderId}`),
    );
    expect(wine.blogs.map((article) => article.slug)).toEqual(['quel-vin-avec-les-huitres']);
  });

  it.each(['abc', '0', '-1', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/blog/folder/list/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );

  it('refuses a malformed page with a 400 envelope', async () => {
    const folder = await folderBySlug(91, 'conseil-en-image');
    const response = await get(91, `/blog/folder/list/${folder.id}`, { page: '0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('page');
  });
});

describe('GET /blog/folder and /blog/folder/:id', () => {
  it('lists the folders at the root of each site, each site its own', async () => {
    const root91 = (await ok(91, '/blog/folder')) as BlogFolder[];
    expect(root91.map((folder) => folder.slug)).toEqual([
      'conseils-coiffure',
      'conseil-en-image',
      'soins-du-cheveu',
    ]);
    const root92 = (await ok(92, '/blog/folder')) as BlogFolder[];
    expect(root92.map((folder) => folder.slug)).toEqual(['carnet-de-vigne', 'accords-mets-vins']);
  });

  it('returns one folder with its parent', async () => {
    const care = await folderBySlug(91, 'soins-du-cheveu');
    const curls = await folderBySlug(91, 'cheveux-boucles');
    const folder = blogFolderSchema.parse(await ok(91, `/blog/folder/${curls.id}`));
    expect(folder).toMatchObject({
      id: curls.id,
      title: 'Cheveux bouclés et frisés',
      slug: 'cheveux-boucles',
      idParent: care.id,
      articleCount: 2,
    });
    expect(folder.description).toContain('boucles');
  });

  it("answers 404 for an unknown folder, another site's folder or slug", async () => {
    await expectNotFound(91, '/blog/folder/999999');
    await expectNotFound(91, `/blog/folder/${otherSite.folderId}`);
    await expectNotFound(91, '/blog/folder/slug/carnet-de-vigne');
    await expectNotFound(92, '/blog/folder/slug/conseils-coiffure');
    await expectNotFound(91, '/blog/folder/slug/inconnu');
  });

  it('refuses a malformed id or slug with a 400 envelope', async () => {
    const byId = await get(91, '/blog/folder/abc');
    expect(byId.statusCode).toBe(400);
    expect(byId.json().errors[0].key).toBe('id');
    const bySlug = await get(91, '/blog/folder/slug/Conseils%20Coiffure');
    expect(bySlug.statusCode).toBe(400);
    expect(bySlug.json().errors[0].key).toBe('slug');
  });
});

describe('GET /blog/folder/ariane/:id', () => {
  it('gives the folders from the root down to the folder', async () => {
    const curls = await folderBySlug(91, 'cheveux-boucles');
    const ariane = blogArianeEntrySchema
      .array()
      .parse(await ok(91, `/blog/folder/ariane/${curls.id}`));
    expect(ariane.map((entry) => [entry.type, entry.slug, entry.title])).toEqual([
      ['FOLDER', 'soins-du-cheveu', 'Soins du cheveu'],
      ['FOLDER', 'cheveux-boucles', 'Cheveux bouclés et frisés'],
    ]);
  });

  it("answers 404 for an unknown folder and another site's folder, 400 for a bad id", async () => {
    await expectNotFound(91, '/blog/folder/ariane/999999');
    await expectNotFound(91, `/blog/folder/ariane/${otherSite.folderId}`);
    expect((await get(91, '/blog/folder/ariane/1.5')).statusCode).toBe(400);
  });
});

describe('GET /blog/ariane/:id', () => {
  it("gives an article's folders from the root, then the article", async () => {
    const id = await articleIdBySlug('boucles-humidite-cotiere');
    const ariane = blogArianeEntrySchema.array().parse(await ok(91, `/blog/ariane/${id}`));
    expect(ariane.map((entry) => [entry.type, entry.slug])).toEqual([
      ['FOLDER', 'soins-du-cheveu'],
      ['FOLDER', 'cheveux-boucles'],
      ['ARTICLE', 'boucles-humidite-cotiere'],
    ]);
    expect(ariane.at(-1)?.id).toBe(id);
  });

  it('gives the article alone when it sits at the root of the blog', async () => {
    await withArticles(testArticles(1, null, 'racine'), async ([id]) => {
      const ariane = blogArianeEntrySchema.array().parse(await ok(91, `/blog/ariane/${id}`));
      expect(ariane).toEqual([{ id, title: 'racine 1', slug: 'racine-1', type: 'ARTICLE' }]);
    });
  });

  it("answers 404 for an unknown article and another site's article, 400 for a bad id", async () => {
    await expectNotFound(91, '/blog/ariane/999999');
    await expectNotFound(91, `/blog/ariane/${otherSite.articleId}`);
    expect((await get(91, '/blog/ariane/abc')).statusCode).toBe(400);
  });
});

describe('GET /blog/:id and /blog/slug/:slug', () => {
  it('returns a published article with its content', async () => {
    const id = await articleIdBySlug('choisir-sa-coupe-selon-la-forme-du-visage');
    const folder = await folderBySlug(91, 'conseils-coiffure');
    const article = blogArticleSchema.parse(await ok(91, `/blog/${id}`));
    expect(article).toMatchObject({
      id,
      title: 'Quelle coupe pour la forme de votre visage ?',
      slug: 'choisir-sa-coupe-selon-la-forme-du-visage',
      author: 'Clémence Garnier',
      imageUrl: '/samples/blog/coupe-visage.svg',
      folderId: folder.id,
      publishedAt: '2026-03-12T08:30:00.000Z',
    });
    expect(article.summary).toBeTruthy();
    expect(article.content).toContain('<h2>');
    expect(await ok(91, '/blog/slug/choisir-sa-coupe-selon-la-forme-du-visage')).toEqual(
      await ok(91, `/blog/${id}`),
    );
  });

  it("answers 404 for an unknown article and another site's article or slug", async () => {
    await expectNotFound(91, '/blog/999999');
    await expectNotFound(91, `/blog/${otherSite.articleId}`);
    await expectNotFound(91, '/blog/slug/quel-vin-avec-les-huitres');
    await expectNotFound(91, '/blog/slug/article-inconnu');
    const wine = blogArticleSchema.parse(await ok(92, `/blog/${otherSite.articleId}`));
    expect(wine.title).toBe('Quel vin servir avec les huîtres ?');
  });

  it.each(['abc', '0', '2.5', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/blog/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );

  it('refuses a slug that is not a slug with a 400 envelope', async () => {
    const response = await get(91, '/blog/slug/Un_Titre');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('slug');
  });
});

describe('IS_BLOG_ACTIVATED', () => {
  it('answers 404 on every blog endpoint of a site that turned its blog off', async () => {
    const id = await articleIdBySlug('colorimetrie-trouver-ses-couleurs');
    const folder = await folderBySlug(91, 'conseil-en-image');
    const flag = and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'IS_BLOG_ACTIVATED'));
    const db = testApp.database.db;
    await db.update(siteParameters).set({ value: 'false' }).where(flag);
    testApp.app.siteCache.invalidateSite(91);
    try {
      for (const url of [
        '/blog/folder/list',
        `/blog/folder/list/${folder.id}`,
        '/blog/folder',
        `/blog/folder/${folder.id}`,
        '/blog/folder/slug/conseil-en-image',
        `/blog/folder/ariane/${folder.id}`,
        `/blog/ariane/${id}`,
        `/blog/${id}`,
        '/blog/slug/colorimetrie-trouver-ses-couleurs',
      ]) {
        await expectNotFound(91, url);
      }
      // Site 92 keeps its blog.
      await ok(92, '/blog/folder');
    } finally {
      await db.update(siteParameters).set({ value: 'true' }).where(flag);
      testApp.app.siteCache.invalidateSite(91);
    }
    await ok(91, `/blog/${id}`);
  });
});
