import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BLOG_FOLDER_NOT_EMPTY_MESSAGE,
  type AdminBlogArticle,
  type AdminBlogFolder,
} from '@comptoir/contract/admin-blog';
import type { AdminAlbum, AdminAlbumMedia } from '@comptoir/contract/admin-albums';
import { CONTENT_SLUG_TAKEN_MESSAGE } from '@comptoir/contract/admin-editorial';
import type { AdminNews } from '@comptoir/contract/admin-news';
import { auditLog, blogArticles, news } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JPEG, multipart, PNG } from '../../test/uploads';

/** A stand-in storefront recording the tags the API asks it to revalidate. */
let storefront: Server;
let revalidated: { tags: string[] }[] = [];
let testApp: TestApp;
const tokens: Record<'admin' | 'superAdmin' | 'customer' | 'otherSiteAdmin', string> = {
  admin: '',
  superAdmin: '',
  customer: '',
  otherSiteAdmin: '',
};

beforeAll(async () => {
  storefront = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push(JSON.parse(raw) as { tags: string[] });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;
  testApp = await createTestApp({
    env: { STOREFRONT_URL: `http://127.0.0.1:${port}/`, REVALIDATE_SECRET: 'secret-editorial' },
  });
  const db = testApp.database.db;
  tokens.admin = (
    await createUserWithSession(db, { siteId: 91, role: 'ADMIN', email: 'redac@salon.example.fr' })
  ).token;
  tokens.superAdmin = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  tokens.customer = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  tokens.otherSiteAdmin = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => storefront?.close(resolve));
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  revalidated = [];
});

async function revalidatedTags(): Promise<string[]> {
  await testApp.app.backgroundTasks.idle();
  const tags = revalidated.flatMap((request) => request.tags);
  revalidated = [];
  return tags;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(
  method: Method,
  url: string,
  options: {
    token?: string;
    siteId?: number;
    payload?: unknown;
    headers?: Record<string, string>;
  } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
  });
}

const asAdmin = (method: Method, url: string, payload?: unknown) =>
  send(method, url, { token: tokens.admin, payload });

async function auditEntries() {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.siteId, 91))
    .orderBy(asc(auditLog.id));
}

async function lastAudit() {
  const entries = await auditEntries();
  return entries.at(-1)!;
}

function photoUpload(data: Buffer = PNG, contentType = 'image/png') {
  return multipart({ image: { filename: 'photo.png', contentType, data } });
}

const articleBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Nos conseils pour l’hiver',
  slug: 'conseils-hiver',
  folderId: null,
  summary: 'Trois gestes simples.',
  content:
    '<h2>Bien protéger</h2><p><strong>Hydratez</strong> <script>alert(1)</script><img src="/api/content-image/91/aa.webp" alt="Soin" onerror="x()"></p>',
  imageUrl: null,
  author: 'Camille',
  isPublished: true,
  publishedAt: '2026-01-15T09:00:00.000Z',
  ...overrides,
});

const newsBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Le salon ferme une semaine',
  slug: 'fermeture-annuelle',
  summary: 'Du 1er au 7 août.',
  content: '<p>Bonnes <em>vacances</em> !</p>',
  imageUrl: null,
  linkUrl: '/nous-contacter',
  promoted: true,
  isPublished: true,
  publishedAt: '2026-02-01T08:00:00.000Z',
  ...overrides,
});

const albumBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Coiffures de mariage',
  slug: 'coiffures-mariage',
  description: 'Nos réalisations de la saison.',
  isPublished: true,
  ...overrides,
});

describe('role matrix', () => {
  const routes: { method: Method; url: string; payload?: unknown }[] = [
    { method: 'GET', url: '/admin/blog' },
    { method: 'POST', url: '/admin/blog/folder', payload: {} },
    { method: 'PUT', url: '/admin/blog/folder/1', payload: {} },
    { method: 'DELETE', url: '/admin/blog/folder/1' },
    { method: 'PUT', url: '/admin/blog/folder-order', payload: {} },
    { method: 'GET', url: '/admin/blog/article/1' },
    { method: 'POST', url: '/admin/blog/article', payload: {} },
    { method: 'PUT', url: '/admin/blog/article/1', payload: {} },
    { method: 'DELETE', url: '/admin/blog/article/1' },
    { method: 'GET', url: '/admin/news' },
    { method: 'POST', url: '/admin/news', payload: {} },
    { method: 'PUT', url: '/admin/news/1', payload: {} },
    { method: 'DELETE', url: '/admin/news/1' },
    { method: 'GET', url: '/admin/album' },
    { method: 'GET', url: '/admin/album/1' },
    { method: 'POST', url: '/admin/album', payload: {} },
    { method: 'PUT', url: '/admin/album/1', payload: {} },
    { method: 'DELETE', url: '/admin/album/1' },
    { method: 'PUT', url: '/admin/album-order', payload: {} },
    { method: 'POST', url: '/admin/album/1/photo' },
    { method: 'POST', url: '/admin/album/1/video', payload: {} },
    { method: 'PUT', url: '/admin/album/1/media/1', payload: {} },
    { method: 'DELETE', url: '/admin/album/1/media/1' },
    { method: 'PUT', url: '/admin/album/1/media-order', payload: {} },
    { method: 'POST', url: '/admin/content-image' },
  ];

  it.each(routes)(
    '$method $url: 401 for a visitor, 403 for a customer, 401 for another site',
    async (route) => {
      const visitor = await send(route.method, route.url, { payload: route.payload });
      expect(visitor.statusCode).toBe(401);
      const customer = await send(route.method, route.url, {
        token: tokens.customer,
        payload: route.payload,
      });
      expect(customer.statusCode).toBe(403);
      // An administrator of another site has no session on this one.
      const stranger = await send(route.method, route.url, {
        token: tokens.otherSiteAdmin,
        payload: route.payload,
      });
      expect(stranger.statusCode).toBe(401);
    },
  );

  it('lets ADMIN and SUPER_ADMIN read', async () => {
    for (const token of [tokens.admin, tokens.superAdmin]) {
      for (const url of ['/admin/blog', '/admin/news', '/admin/album']) {
        expect((await send('GET', url, { token })).statusCode).toBe(200);
      }
    }
  });
});

describe('blog', () => {
  it('creates, orders, edits and deletes folders, journaled, refreshing the blog tag', async () => {
    const first = await asAdmin('POST', '/admin/blog/folder', {
      title: 'Conseils',
      slug: 'conseils-redac',
      description: '',
      imageUrl: null,
      idParent: null,
    });
    expect(first.statusCode).toBe(200);
    const folder = first.json<{ data: AdminBlogFolder }>().data;
    expect(folder).toMatchObject({ title: 'Conseils', description: null });
    expect(await revalidatedTags()).toEqual(['site:91:blog']);
    expect(await lastAudit()).toMatchObject({
      action: 'create',
      entityType: 'blog-folder',
      entityId: String(folder.id),
      userEmail: 'redac@salon.example.fr',
      before: null,
    });

    const second = (
      await asAdmin('POST', '/admin/blog/folder', {
        title: 'Tendances',
        slug: 'tendances-redac',
        description: 'Les coupes de la saison',
        imageUrl: 'https://images.example.fr/t.jpg',
        idParent: null,
      })
    ).json<{ data: AdminBlogFolder }>().data;

    const overview = (await asAdmin('GET', '/admin/blog')).json<{
      data: { folders: AdminBlogFolder[] };
    }>().data;
    const rootIds = overview.folders
      .filter((candidate) => candidate.idParent === null)
      .map((candidate) => candidate.id);
    const reversed = [...rootIds].reverse();
    const moved = await asAdmin('PUT', '/admin/blog/folder-order', {
      idParent: null,
      ids: reversed,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ data: AdminBlogFolder[] }>().data.map((row) => row.id)).toEqual(reversed);

    // A partial order moves nothing.
    const partial = await asAdmin('PUT', '/admin/blog/folder-order', {
      idParent: null,
      ids: [second.id],
    });
    expect(partial.statusCode).toBe(422);

    // A folder cannot go under itself.
    const cycle = await asAdmin('PUT', `/admin/blog/folder/${folder.id}`, {
      ...folder,
      idParent: folder.id,
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json()).toMatchObject({ errors: [{ key: 'idParent' }] });

    const child = await asAdmin('PUT', `/admin/blog/folder/${second.id}`, {
      ...second,
      idParent: folder.id,
    });
    expect(child.json<{ data: AdminBlogFolder }>().data.idParent).toBe(folder.id);
    const notEmpty = await asAdmin('DELETE', `/admin/blog/folder/${folder.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json()).toMatchObject({ message: BLOG_FOLDER_NOT_EMPTY_MESSAGE });

    expect((await asAdmin('DELETE', `/admin/blog/folder/${second.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/admin/blog/folder/${folder.id}`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'delete', after: null });
  });

  it('stores an article through the article policy and shows it publicly', async () => {
    const created = await asAdmin('POST', '/admin/blog/article', articleBody());
    expect(created.statusCode).toBe(200);
    const article = created.json<{ data: AdminBlogArticle }>().data;
    expect(article.content).toBe(
      '<h2>Bien protéger</h2><p><strong>Hydratez</strong> <img src="/api/content-image/91/aa.webp" alt="Soin" /></p>',
    );
    expect(await revalidatedTags()).toEqual(['site:91:blog']);
    expect(await lastAudit()).toMatchObject({ entityType: 'blog-article', action: 'create' });

    const publicRead = await send('GET', `/blog/slug/${article.slug}`);
    expect(publicRead.statusCode).toBe(200);

    const withdrawn = await asAdmin(
      'PUT',
      `/admin/blog/article/${article.id}`,
      articleBody({ isPublished: false }),
    );
    expect(withdrawn.json<{ data: AdminBlogArticle }>().data.isPublished).toBe(false);
    expect((await send('GET', `/blog/slug/${article.slug}`)).statusCode).toBe(404);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'update' });
    expect(audit.before).toMatchObject({ isPublished: true });
    expect(audit.after).toMatchObject({ isPublished: false });

    // Another site's administrator cannot reach it through their own site.
    const foreign = await send('GET', `/admin/blog/article/${article.id}`, {
      token: tokens.otherSiteAdmin,
      siteId: 92,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await send('DELETE', `/admin/blog/article/${article.id}`, {
      token: tokens.otherSiteAdmin,
      siteId: 92,
    });
    expect(foreignDelete.statusCode).toBe(404);

    expect((await asAdmin('DELETE', `/admin/blog/article/${article.id}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', `/admin/blog/article/${article.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with 422 (and a taken address with 409), changing nothing', async () => {
    const [{ total: before } = { total: 0 }] = await testApp.database.db
      .select({ total: count() })
      .from(blogArticles);
    const auditBefore = (await auditEntries()).length;
    const cases = [
      articleBody({ title: '' }),
      articleBody({ slug: 'Pas Bon' }),
      articleBody({ content: '<p> </p>' }),
      articleBody({ imageUrl: 'javascript:alert(1)' }),
      articleBody({ publishedAt: 'demain' }),
      articleBody({ folderId: 999999 }),
    ];
    for (const body of cases) {
      const response = await asAdmin('POST', '/admin/blog/article', body);
      expect(response.statusCode).toBe(422);
    }
    await asAdmin('POST', '/admin/blog/article', articleBody({ slug: 'unique-redac' }));
    const taken = await asAdmin(
      'POST',
      '/admin/blog/article',
      articleBody({ slug: 'unique-redac' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errors: [{ key: 'slug', error: CONTENT_SLUG_TAKEN_MESSAGE }],
    });
    const [{ total: after } = { total: 0 }] = await testApp.database.db
      .select({ total: count() })
      .from(blogArticles);
    expect(after).toBe(before + 1);
    expect((await auditEntries()).length).toBe(auditBefore + 1);
  });
});

describe('news', () => {
  it('creates a promoted news item, edits and deletes it, refreshing the news tag', async () => {
    const created = await asAdmin('POST', '/admin/news', newsBody());
    expect(created.statusCode).toBe(200);
    const item = created.json<{ data: AdminNews }>().data;
    expect(item).toMatchObject({ promoted: true, linkUrl: '/nous-contacter' });
    expect(await revalidatedTags()).toEqual(['site:91:news']);
    expect(await lastAudit()).toMatchObject({ entityType: 'news', action: 'create' });

    const updated = await asAdmin('PUT', `/admin/news/${item.id}`, newsBody({ promoted: false }));
    expect(updated.json<{ data: AdminNews }>().data.promoted).toBe(false);
    expect(await revalidatedTags()).toEqual(['site:91:news']);

    const foreign = await send('PUT', `/admin/news/${item.id}`, {
      token: tokens.otherSiteAdmin,
      siteId: 92,
      payload: newsBody({ slug: 'autre' }),
    });
    expect(foreign.statusCode).toBe(404);

    expect((await asAdmin('DELETE', `/admin/news/${item.id}`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'delete', entityType: 'news' });
  });

  it('refuses bad input with 422, changing nothing', async () => {
    const rows = await testApp.database.db.select({ id: news.id }).from(news);
    for (const body of [
      newsBody({ title: ' ' }),
      newsBody({ linkUrl: 'javascript:alert(1)' }),
      newsBody({ promoted: 'oui' }),
      newsBody({ slug: '' }),
    ]) {
      expect((await asAdmin('POST', '/admin/news', body)).statusCode).toBe(422);
    }
    expect(await testApp.database.db.select({ id: news.id }).from(news)).toHaveLength(rows.length);
  });
});

describe('albums', () => {
  it('creates an album, uploads photos, adds a video, captions and orders them', async () => {
    const created = await asAdmin('POST', '/admin/album', albumBody());
    expect(created.statusCode).toBe(200);
    const album = created.json<{ data: AdminAlbum }>().data;
    expect(await revalidatedTags()).toEqual(['site:91:albums']);

    const uploads: AdminAlbumMedia[] = [];
    for (const [data, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
    ] as const) {
      const upload = photoUpload(data, type);
      const response = await send('POST', `/admin/album/${album.id}/photo`, {
        token: tokens.admin,
        payload: upload.payload,
        headers: upload.headers,
      });
      expect(response.statusCode).toBe(200);
      uploads.push(response.json<{ data: AdminAlbumMedia }>().data);
    }
    expect(uploads.map((item) => item.position)).toEqual([0, 1]);
    expect(uploads[0]).toMatchObject({ type: 'IMAGE', width: 1, height: 1 });
    expect(await lastAudit()).toMatchObject({ entityType: 'album-media', action: 'create' });

    // The uploaded file is served publicly, without a site header, as WebP.
    const file = await testApp.app.inject({
      method: 'GET',
      url: uploads[0]!.url.replace('/api', ''),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');

    const video = await asAdmin('POST', `/admin/album/${album.id}/video`, {
      url: 'https://videos.example.fr/defile.mp4',
      posterUrl: uploads[0]!.url,
      alt: 'Le défilé',
      caption: 'Juin 2026',
    });
    expect(video.statusCode).toBe(200);
    const videoItem = video.json<{ data: AdminAlbumMedia }>().data;

    const captioned = await asAdmin('PUT', `/admin/album/${album.id}/media/${uploads[1]!.id}`, {
      alt: 'Chignon tressé',
      caption: 'Pour Léa',
    });
    expect(captioned.json<{ data: AdminAlbumMedia }>().data).toMatchObject({
      alt: 'Chignon tressé',
      caption: 'Pour Léa',
    });

    const order = [videoItem.id, uploads[1]!.id, uploads[0]!.id];
    const reordered = await asAdmin('PUT', `/admin/album/${album.id}/media-order`, { ids: order });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json<{ data: AdminAlbum }>().data.media.map((item) => item.id)).toEqual(order);

    const publicAlbum = await send('GET', `/album/${album.id}`);
    expect(publicAlbum.statusCode).toBe(200);
    expect(
      publicAlbum.json<{ data: { media: { id: number }[] } }>().data.media.map((item) => item.id),
    ).toEqual(order);

    // Removing a photo removes its file.
    expect(
      (await asAdmin('DELETE', `/admin/album/${album.id}/media/${uploads[0]!.id}`)).statusCode,
    ).toBe(200);
    const gone = await testApp.app.inject({
      method: 'GET',
      url: uploads[0]!.url.replace('/api', ''),
    });
    expect(gone.statusCode).toBe(404);

    const foreign = await send('GET', `/admin/album/${album.id}`, {
      token: tokens.otherSiteAdmin,
      siteId: 92,
    });
    expect(foreign.statusCode).toBe(404);

    expect((await asAdmin('DELETE', `/admin/album/${album.id}`)).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({ entityType: 'album', action: 'delete' });
    expect((await send('GET', `/album/${album.id}`)).statusCode).toBe(404);
  });

  it('refuses what is not an image, a bad video address and bad fields with 422', async () => {
    const album = (await asAdmin('POST', '/admin/album', albumBody({ slug: 'refus-redac' }))).json<{
      data: AdminAlbum;
    }>().data;
    const auditBefore = (await auditEntries()).length;
    const fake = multipart({
      image: { filename: 'photo.png', contentType: 'image/png', data: Buffer.from('<svg/>') },
    });
    const refused = await send('POST', `/admin/album/${album.id}/photo`, {
      token: tokens.admin,
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(refused.statusCode).toBe(422);
    const video = await asAdmin('POST', `/admin/album/${album.id}/video`, {
      url: 'javascript:alert(1)',
      posterUrl: null,
      alt: '',
      caption: null,
    });
    expect(video.statusCode).toBe(422);
    expect((await asAdmin('POST', '/admin/album', albumBody({ title: '' }))).statusCode).toBe(422);
    expect(
      (await asAdmin('PUT', `/admin/album/${album.id}/media-order`, { ids: [1, 1] })).statusCode,
    ).toBe(422);
    expect((await auditEntries()).length).toBe(auditBefore);
    const detail = (await asAdmin('GET', `/admin/album/${album.id}`)).json<{ data: AdminAlbum }>();
    expect(detail.data.media).toEqual([]);
  });

  it('uploads a content image for an article', async () => {
    const upload = photoUpload();
    const response = await send('POST', '/admin/content-image', {
      token: tokens.admin,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(response.statusCode).toBe(200);
    const image = response.json<{ data: { url: string } }>().data;
    expect(image.url).toMatch(/^\/api\/content-image\/91\/[0-9a-f]{32}\.webp$/);
    // Site 92's path does not serve site 91's picture.
    const key = image.url.split('/').at(-1);
    const other = await testApp.app.inject({ method: 'GET', url: `/content-image/92/${key}` });
    expect(other.statusCode).toBe(404);
  });
});
