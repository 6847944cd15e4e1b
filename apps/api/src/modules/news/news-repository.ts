import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';

/** The fields GET /news can filter on. */
export const newsFilterColumns: FilterColumns = {
  id: news.id,
  title: news.title,
  slug: news.slug,
  promoted: news.promoted,
};

const newsColumns = {
  id: news.id,
  title: news.title,
  slug: news.slug,
  summary: news.summary,
  content: news.content,
  imageUrl: news.imageUrl,
  linkUrl: news.linkUrl,
  promoted: news.promoted,
  publishedAt: news.publishedAt,
};

export type NewsRecord = { [K in keyof typeof newsColumns]: (typeof news.$inferSelect)[K] };

/** Published: not withdrawn, and its publication date has come (a future date is scheduled). */
export function publishedNews(siteId: number): SQL {
  return and(
    eq(news.siteId, siteId),
    eq(news.isPublished, true),
    lte(news.publishedAt, sql`now()`),
  )!;
}

const newestFirst = [desc(news.publishedAt), desc(news.id)];

export function createNewsRepository(db: Db) {
  return {
    /** One page of the published news matching the filters, newest first, and how many match. */
    async listPublished(
      siteId: number,
      filters: readonly ListFilter[],
      paging: Paging,
    ): Promise<{ rows: NewsRecord[]; total: number }> {
      const where = and(publishedNews(siteId), ...filterConditions(filters, newsFilterColumns));
      const rows = await db
        .select(newsColumns)
        .from(news)
        .where(where)
        .orderBy(...newestFirst)
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(news).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /** The most recent published news the site promotes. */
    async findLatestPromoted(siteId: number): Promise<NewsRecord | undefined> {
      const [promoted] = await db
        .select(newsColumns)
        .from(news)
        .where(and(publishedNews(siteId), eq(news.promoted, true)))
        .orderBy(...newestFirst)
        .limit(1);
      return promoted;
    },

    async findPublished(siteId: number, id: number): Promise<NewsRecord | undefined> {
      const [item] = await db
        .select(newsColumns)
        .from(news)
        .where(and(publishedNews(siteId), eq(news.id, id)));
      return item;
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
