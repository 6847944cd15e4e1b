import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createNews, deleteNews, listAdminNews, NEWS_NOT_FOUND_MESSAGE, updateNews, type AdminNews, type NewsFields } from '@comptoir/contract/admin-news';
import { sanitizeArticleHtml } from '@comptoir/domain/rich-text';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { registerEndpoint } from '../../http/register-endpoint';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { createEditorialWriter, ensureSlugFree, notFound } from '../editorial';

const newsColumns = {
  id: news.id,
  title: news.title,
  slug: news.slug,
  summary: news.summary,
  content: news.content,
  imageUrl: news.imageUrl,
  linkUrl: news.linkUrl,
  promoted: news.promoted,
  isPublished: news.isPublished,
  publishedAt: news.publishedAt,
};
type NewsRow = { [K in keyof typeof newsColumns]: (typeof news.$inferSelect)[K] };

function newsOf(row: NewsRow): AdminNews {
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

function newsValues(fields: NewsFields) {
  return {
    ...fields,
    content: fields.content === null ? null : sanitizeArticleHtml(fields.content) || null,
    publishedAt: new Date(fields.publishedAt),
  };
}

const newsSlugs = { table: news, id: news.id, siteId: news.siteId, slug: news.slug };

/**
 * News in the back office. Each write refreshes the storefront's `news` tag: the news feed blocks
 * and the promoted news of every page read under it.
 */
export function createAdminNewsService(db: Db, storefront: StorefrontRevalidation) {
  const write = createEditorialWriter(db, storefront, 'news');

  async function find(tx: Db, siteId: number, id: number): Promise<AdminNews> {
    const [row] = await tx
      .select(newsColumns)
      .from(news)
      .where(and(eq(news.siteId, siteId), eq(news.id, id)));
    if (!row) throw notFound(NEWS_NOT_FOUND_MESSAGE);
    return newsOf(row);
  }

  return {
    async list(siteId: number): Promise<AdminNews[]> {
      const rows = await db
        .select(newsColumns)
        .from(news)
        .where(eq(news.siteId, siteId))
        .orderBy(desc(news.publishedAt), desc(news.id));
      return rows.map(newsOf);
    },

    create(siteId: number, actor: AuditActor, fields: NewsFields) {
      return write(siteId, actor, async (tx) => {
        await ensureSlugFree(tx, newsSlugs, siteId, fields.slug, null);
        const [row] = await tx
          .insert(news)
          .values({ ...newsValues(fields), siteId })
          .returning(newsColumns);
        const result = newsOf(row!);
        return {
          result,
          journal: {
            action: 'create',
            entityType: 'news',
            entityId: result.id,
            summary: `Actualité « ${result.title} » créée`,
            before: null,
            after: result,
          },
        };
      });
    },

    update(siteId: number, actor: AuditActor, id: number, fields: NewsFields) {
      return write(siteId, actor, async (tx) => {
        const before = await find(tx, siteId, id);
        await ensureSlugFree(tx, newsSlugs, siteId, fields.slug, id);
        const [row] = await tx
          .update(news)
          .set(newsValues(fields))
          .where(and(eq(news.siteId, siteId), eq(news.id, id)))
          .returning(newsColumns);
        const result = newsOf(row!);
        return {
          result,
          journal: {
            action: 'update',
            entityType: 'news',
            entityId: id,
            summary: `Actualité « ${result.title} » modifiée`,
            before,
            after: result,
          },
        };
      });
    },

    remove(siteId: number, actor: AuditActor, id: number) {
      return write(siteId, actor, async (tx) => {
        const before = await find(tx, siteId, id);
        await tx.delete(news).where(and(eq(news.siteId, siteId), eq(news.id, id)));
        return {
          result: { id },
          journal: {
            action: 'delete',
            entityType: 'news',
            entityId: id,
            summary: `Actualité « ${before.title} » supprimée`,
            before,
            after: null,
          },
        };
      });
    },
  };
}

export function registerAdminNewsRoutes(app: FastifyInstance, service: AdminNewsService): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminNews, ({ request }) => service.list(request.site.id));
    registerEndpoint(scope, createNews, async ({ request, body }) =>
      service.create(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateNews, async ({ request, params, body }) =>
      service.update(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteNews, async ({ request, params }) =>
      service.remove(request.site.id, await adminActor(request), params.id),
    );
  });
}

export type AdminNewsService = ReturnType<typeof createAdminNewsService>;
