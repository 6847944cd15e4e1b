import { and, asc, count, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { blogArticles, blogFolders } from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';

/** The fields the blog lists can filter their articles on. */
export const blogArticleFilterColumns: FilterColumns = {
  id: blogArticles.id,
  title: blogArticles.title,
  slug: blogArticles.slug,
  author: blogArticles.author,
};

const summaryColumns = {
  id: blogArticles.id,
  title: blogArticles.title,
  slug: blogArticles.slug,
  summary: blogArticles.summary,
  imageUrl: blogArticles.imageUrl,
  author: blogArticles.author,
  publishedAt: blogArticles.publishedAt,
  folderId: blogArticles.folderId,
};

/** Which articles a list covers: the whole blog, the root only, or some folders. */
export type ArticleScope =
  { kind: 'all' } | { kind: 'root' } | { kind: 'folders'; folderIds: readonly number[] };

export interface BlogFolderRecord {
  id: number;
  title: string;
  slug: string;
  description: string | null;
  imageUrl: string | null;
  idParent: number | null;
  position: number;
  articleCount: number;
}

export type BlogArticleSummaryRecord = {
  [K in keyof typeof summaryColumns]: (typeof blogArticles.$inferSelect)[K];
};
export type BlogArticleRecord = BlogArticleSummaryRecord & { content: string };

/** Published: not withdrawn, and its publication date has come (a future date is scheduled). */
export function publishedArticles(siteId: number): SQL {
  return and(
    eq(blogArticles.siteId, siteId),
    eq(blogArticles.isPublished, true),
    lte(blogArticles.publishedAt, sql`now()`),
  )!;
}

function scopeCondition(scope: ArticleScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'root':
      return isNull(blogArticles.folderId);
    case 'folders':
      return inArray(blogArticles.folderId, [...scope.folderIds]);
  }
}

export function createBlogRepository(db: Db) {
  return {
    /**
     * Every folder of the site with the number of its published articles. A blog has tens of
     * folders, not thousands: the service builds trees and breadcrumbs from this one read.
     */
    async listFolders(siteId: number): Promise<BlogFolderRecord[]> {
      return db
        .select({
          id: blogFolders.id,
          title: blogFolders.title,
          slug: blogFolders.slug,
          description: blogFolders.description,
          imageUrl: blogFolders.imageUrl,
          idParent: blogFolders.idParent,
          position: blogFolders.position,
          articleCount: sql<number>`cast(count(${blogArticles.id}) as integer)`,
        })
        .from(blogFolders)
        .leftJoin(
          blogArticles,
          and(eq(blogArticles.folderId, blogFolders.id), publishedArticles(siteId)),
        )
        .where(eq(blogFolders.siteId, siteId))
        .groupBy(blogFolders.id)
        .orderBy(asc(blogFolders.position), asc(blogFolders.title), asc(blogFolders.id));
    },

    /** One page of the published articles in the scope, newest first, and how many match. */
    async listArticles(
      siteId: number,
      scope: ArticleScope,
      filters: readonly ListFilter[],
      paging: Paging,
    ): Promise<{ rows: BlogArticleSummaryRecord[]; total: number }> {
      const where = and(
        publishedArticles(siteId),
        scopeCondition(scope),
        ...filterConditions(filters, blogArticleFilterColumns),
      );
      const rows = await db
        .select(summaryColumns)
        .from(blogArticles)
        .where(where)
        .orderBy(desc(blogArticles.publishedAt), desc(blogArticles.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(blogArticles).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async findArticle(siteId: number, id: number): Promise<BlogArticleRecord | undefined> {
      const [article] = await db
        .select({ ...summaryColumns, content: blogArticles.content })
        .from(blogArticles)
        .where(and(publishedArticles(siteId), eq(blogArticles.id, id)));
      return article;
    },

    async findArticleBySlug(siteId: number, slug: string): Promise<BlogArticleRecord | undefined> {
      const [article] = await db
        .select({ ...summaryColumns, content: blogArticles.content })
        .from(blogArticles)
        .where(and(publishedArticles(siteId), eq(blogArticles.slug, slug)));
      return article;
    },
  };
}

export type BlogRepository = ReturnType<typeof createBlogRepository>;
