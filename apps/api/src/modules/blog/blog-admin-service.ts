import { and, asc, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { BLOG_ARTICLE_NOT_FOUND_MESSAGE, BLOG_FOLDER_CYCLE_MESSAGE, BLOG_FOLDER_NOT_EMPTY_MESSAGE, BLOG_FOLDER_NOT_FOUND_MESSAGE, type AdminBlog, type AdminBlogArticle, type AdminBlogFolder, type BlogArticleFields, type BlogFolderFields } from '@comptoir/contract/admin-blog';
import { sanitizeArticleHtml } from '@comptoir/domain/rich-text';
import type { Db } from '../../db/client';
import { blogArticles, blogFolders } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import { checkFullOrder, createEditorialWriter, ensureSlugFree, invalidField, notFound } from '../editorial';

const folderColumns = {
  id: blogFolders.id,
  title: blogFolders.title,
  slug: blogFolders.slug,
  description: blogFolders.description,
  imageUrl: blogFolders.imageUrl,
  idParent: blogFolders.idParent,
  position: blogFolders.position,
};

const articleColumns = {
  id: blogArticles.id,
  title: blogArticles.title,
  slug: blogArticles.slug,
  folderId: blogArticles.folderId,
  author: blogArticles.author,
  isPublished: blogArticles.isPublished,
  publishedAt: blogArticles.publishedAt,
  summary: blogArticles.summary,
  content: blogArticles.content,
  imageUrl: blogArticles.imageUrl,
};

type ArticleRow = { [K in keyof typeof articleColumns]: (typeof blogArticles.$inferSelect)[K] };

function articleOf(row: ArticleRow): AdminBlogArticle {
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

const folderSlugs = {
  table: blogFolders,
  id: blogFolders.id,
  siteId: blogFolders.siteId,
  slug: blogFolders.slug,
};
const articleSlugs = {
  table: blogArticles,
  id: blogArticles.id,
  siteId: blogArticles.siteId,
  slug: blogArticles.slug,
};

function siblingsOf(siteId: number, idParent: number | null): SQL {
  return and(
    eq(blogFolders.siteId, siteId),
    idParent === null ? isNull(blogFolders.idParent) : eq(blogFolders.idParent, idParent),
  )!;
}

/**
 * The blog screens' reads and writes. Every query names the site; each write is one transaction
 * with its journal entry and refreshes the storefront's `blog` tag (lists, articles, folders and
 * the blog feed blocks of pages all read under it).
 */
export function createAdminBlogService(db: Db, storefront: StorefrontRevalidation) {
  const write = createEditorialWriter(db, storefront, 'blog');

  async function folders(tx: Db, siteId: number): Promise<AdminBlogFolder[]> {
    return tx
      .select(folderColumns)
      .from(blogFolders)
      .where(eq(blogFolders.siteId, siteId))
      .orderBy(asc(blogFolders.position), asc(blogFolders.title), asc(blogFolders.id));
  }

  async function folder(tx: Db, siteId: number, id: number): Promise<AdminBlogFolder> {
    const [row] = await tx
      .select(folderColumns)
      .from(blogFolders)
      .where(and(eq(blogFolders.siteId, siteId), eq(blogFolders.id, id)));
    if (!row) throw notFound(BLOG_FOLDER_NOT_FOUND_MESSAGE);
    return row;
  }

  async function article(tx: Db, siteId: number, id: number): Promise<AdminBlogArticle> {
    const [row] = await tx
      .select(articleColumns)
      .from(blogArticles)
      .where(and(eq(blogArticles.siteId, siteId), eq(blogArticles.id, id)));
    if (!row) throw notFound(BLOG_ARTICLE_NOT_FOUND_MESSAGE);
    return articleOf(row);
  }

  /** A parent or article folder must be a folder of the site: 422 on the field otherwise. */
  async function checkFolderRef(
    tx: Db,
    siteId: number,
    key: 'idParent' | 'folderId',
    id: number | null,
  ): Promise<void> {
    if (id === null) return;
    const all = await folders(tx, siteId);
    if (!all.some((candidate) => candidate.id === id)) {
      throw invalidField(key, BLOG_FOLDER_NOT_FOUND_MESSAGE);
    }
  }

  function articleValues(fields: BlogArticleFields) {
    return {
      ...fields,
      // Stored as the storefront will show it: the editor's HTML through the article policy.
      content: sanitizeArticleHtml(fields.content),
      publishedAt: new Date(fields.publishedAt),
    };
  }

  return {
    async overview(siteId: number): Promise<AdminBlog> {
      const articles = await db
        .select(articleColumns)
        .from(blogArticles)
        .where(eq(blogArticles.siteId, siteId))
        .orderBy(desc(blogArticles.publishedAt), desc(blogArticles.id));
      return {
        folders: await folders(db, siteId),
        articles: articles.map(({ summary: _s, content: _c, imageUrl: _i, ...row }) => ({
          ...row,
          publishedAt: row.publishedAt.toISOString(),
        })),
      };
    },

    getArticle: (siteId: number, id: number) => article(db, siteId, id),

    createFolder(siteId: number, actor: AuditActor, fields: BlogFolderFields) {
      return write(siteId, actor, async (tx) => {
        await checkFolderRef(tx, siteId, 'idParent', fields.idParent);
        await ensureSlugFree(tx, folderSlugs, siteId, fields.slug, null);
        const [last] = await tx
          .select({ total: count() })
          .from(blogFolders)
          .where(siblingsOf(siteId, fields.idParent));
        const [created] = await tx
          .insert(blogFolders)
          .values({ ...fields, siteId, position: last?.total ?? 0 })
          .returning(folderColumns);
        return {
          result: created!,
          journal: {
            action: 'create',
            entityType: 'blog-folder',
            entityId: created!.id,
            summary: `Dossier du blog « ${created!.title} » créé`,
            before: null,
            after: created,
          },
        };
      });
    },

    updateFolder(siteId: number, actor: AuditActor, id: number, fields: BlogFolderFields) {
      return write(siteId, actor, async (tx) => {
        const before = await folder(tx, siteId, id);
        await checkFolderRef(tx, siteId, 'idParent', fields.idParent);
        // The new parent may not be the folder itself or one of its descendants.
        const all = await folders(tx, siteId);
        const parentOf = new Map(all.map((candidate) => [candidate.id, candidate.idParent]));
        for (let cursor = fields.idParent; cursor !== null; cursor = parentOf.get(cursor) ?? null) {
          if (cursor === id) throw invalidField('idParent', BLOG_FOLDER_CYCLE_MESSAGE);
        }
        await ensureSlugFree(tx, folderSlugs, siteId, fields.slug, id);
        const movesAway = fields.idParent !== before.idParent;
        const position = movesAway
          ? ((
              await tx
                .select({ total: count() })
                .from(blogFolders)
                .where(siblingsOf(siteId, fields.idParent))
            )[0]?.total ?? 0)
          : before.position;
        const [updated] = await tx
          .update(blogFolders)
          .set({ ...fields, position })
          .where(and(eq(blogFolders.siteId, siteId), eq(blogFolders.id, id)))
          .returning(folderColumns);
        return {
          result: updated!,
          journal: {
            action: 'update',
            entityType: 'blog-folder',
            entityId: id,
            summary: `Dossier du blog « ${updated!.title} » modifié`,
            before,
            after: updated,
          },
        };
      });
    },

    deleteFolder(siteId: number, actor: AuditActor, id: number) {
      return write(siteId, actor, async (tx) => {
        const before = await folder(tx, siteId, id);
        const [children] = await tx
          .select({ total: count() })
          .from(blogFolders)
          .where(siblingsOf(siteId, id));
        const [articles] = await tx
          .select({ total: count() })
          .from(blogArticles)
          .where(and(eq(blogArticles.siteId, siteId), eq(blogArticles.folderId, id)));
        if ((children?.total ?? 0) > 0 || (articles?.total ?? 0) > 0) {
          throw new HttpError(409, BLOG_FOLDER_NOT_EMPTY_MESSAGE);
        }
        await tx
          .delete(blogFolders)
          .where(and(eq(blogFolders.siteId, siteId), eq(blogFolders.id, id)));
        return {
          result: { id },
          journal: {
            action: 'delete',
            entityType: 'blog-folder',
            entityId: id,
            summary: `Dossier du blog « ${before.title} » supprimé`,
            before,
            after: null,
          },
        };
      });
    },

    reorderFolders(
      siteId: number,
      actor: AuditActor,
      idParent: number | null,
      ids: readonly number[],
    ) {
      return write(siteId, actor, async (tx) => {
        const siblings = await tx
          .select(folderColumns)
          .from(blogFolders)
          .where(siblingsOf(siteId, idParent))
          .orderBy(asc(blogFolders.position), asc(blogFolders.title), asc(blogFolders.id));
        checkFullOrder(
          siblings.map((sibling) => sibling.id),
          ids,
        );
        for (const [position, id] of ids.entries()) {
          await tx
            .update(blogFolders)
            .set({ position })
            .where(and(eq(blogFolders.siteId, siteId), eq(blogFolders.id, id)));
        }
        const byId = new Map(siblings.map((sibling) => [sibling.id, sibling]));
        const reordered = ids.map((id, position) => ({ ...byId.get(id)!, position }));
        return {
          result: reordered,
          journal: {
            action: 'move',
            entityType: 'blog-folder',
            entityId: idParent,
            summary: 'Ordre des dossiers du blog modifié',
            before: { ids: siblings.map((sibling) => sibling.id) },
            after: { ids },
          },
        };
      });
    },

    createArticle(siteId: number, actor: AuditActor, fields: BlogArticleFields) {
      return write(siteId, actor, async (tx) => {
        await checkFolderRef(tx, siteId, 'folderId', fields.folderId);
        await ensureSlugFree(tx, articleSlugs, siteId, fields.slug, null);
        const [created] = await tx
          .insert(blogArticles)
          .values({ ...articleValues(fields), siteId })
          .returning(articleColumns);
        const result = articleOf(created!);
        return {
          result,
          journal: {
            action: 'create',
            entityType: 'blog-article',
            entityId: result.id,
            summary: `Article « ${result.title} » écrit${result.isPublished ? ' et publié' : ''}`,
            before: null,
            after: result,
          },
        };
      });
    },

    updateArticle(siteId: number, actor: AuditActor, id: number, fields: BlogArticleFields) {
      return write(siteId, actor, async (tx) => {
        const before = await article(tx, siteId, id);
        await checkFolderRef(tx, siteId, 'folderId', fields.folderId);
        await ensureSlugFree(tx, articleSlugs, siteId, fields.slug, id);
        const [updated] = await tx
          .update(blogArticles)
          .set(articleValues(fields))
          .where(and(eq(blogArticles.siteId, siteId), eq(blogArticles.id, id)))
          .returning(articleColumns);
        const result = articleOf(updated!);
        return {
          result,
          journal: {
            action: 'update',
            entityType: 'blog-article',
            entityId: id,
            summary: `Article « ${result.title} » modifié`,
            before,
            after: result,
          },
        };
      });
    },

    deleteArticle(siteId: number, actor: AuditActor, id: number) {
      return write(siteId, actor, async (tx) => {
        const before = await article(tx, siteId, id);
        await tx
          .delete(blogArticles)
          .where(and(eq(blogArticles.siteId, siteId), eq(blogArticles.id, id)));
        return {
          result: { id },
          journal: {
            action: 'delete',
            entityType: 'blog-article',
            entityId: id,
            summary: `Article « ${before.title} » supprimé`,
            before,
            after: null,
          },
        };
      });
    },
  };
}

export type AdminBlogService = ReturnType<typeof createAdminBlogService>;
