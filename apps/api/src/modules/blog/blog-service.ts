import {
  DEFAULT_BLOG_PAGE_SIZE,
  type BlogArianeEntry,
  type BlogArticle,
  type BlogArticleSummary,
  type BlogFolder,
  type BlogFolderList,
} from '@comptoir/contract/blog';
import { HttpError } from '../../http/http-error';
import { pagingOf, parseFilters } from '../../lib/list-query';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import {
  blogArticleFilterColumns,
  type ArticleScope,
  type BlogArticleRecord,
  type BlogArticleSummaryRecord,
  type BlogFolderRecord,
  type BlogRepository,
} from './blog-repository';

export const BLOG_DISABLED_MESSAGE = 'The blog is not activated on this site.';

type ListQuery = Record<string, unknown> & {
  page?: number;
  nbItem?: number;
  includeSubFolders?: boolean;
};

function summaryOf(article: BlogArticleSummaryRecord): BlogArticleSummary {
  return { ...article, publishedAt: article.publishedAt.toISOString() };
}

function articleOf(article: BlogArticleRecord): BlogArticle {
  return { ...summaryOf(article), content: article.content };
}

/** The folder and its descendants' ids (a cycle in the data cannot loop forever). */
function subtreeIds(folders: readonly BlogFolderRecord[], rootId: number): number[] {
  const ids = [rootId];
  const seen = new Set(ids);
  for (let index = 0; index < ids.length; index += 1) {
    for (const folder of folders) {
      if (folder.idParent === ids[index] && !seen.has(folder.id)) {
        seen.add(folder.id);
        ids.push(folder.id);
      }
    }
  }
  return ids;
}

/** The folders from the root down to this one, this one included. */
function folderChain(folders: readonly BlogFolderRecord[], folderId: number): BlogArianeEntry[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain: BlogArianeEntry[] = [];
  const seen = new Set<number>();
  let current = byId.get(folderId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.unshift({ id: current.id, title: current.title, slug: current.slug, type: 'FOLDER' });
    current = current.idParent === null ? undefined : byId.get(current.idParent);
  }
  return chain;
}

export function createBlogService(repository: BlogRepository, readParameters: SiteParameterReader) {
  /** A site that turned its blog off answers 404 everywhere, as if it had none. */
  async function ensureActivated(siteId: number): Promise<void> {
    const parameters = await readParameters(siteId);
    if (!parameters.isOn('IS_BLOG_ACTIVATED')) throw new HttpError(404, BLOG_DISABLED_MESSAGE);
  }

  async function activatedFolders(siteId: number): Promise<BlogFolderRecord[]> {
    await ensureActivated(siteId);
    return repository.listFolders(siteId);
  }

  function folderIn(folders: readonly BlogFolderRecord[], id: number): BlogFolderRecord {
    const folder = folders.find((candidate) => candidate.id === id);
    if (!folder) throw new HttpError(404, `Blog folder ${id} not found.`);
    return folder;
  }

  async function publishedArticle(siteId: number, id: number): Promise<BlogArticleRecord> {
    const article = await repository.findArticle(siteId, id);
    if (!article) throw new HttpError(404, `Blog article ${id} not found.`);
    return article;
  }

  async function listIn(
    siteId: number,
    folders: readonly BlogFolderRecord[],
    folderId: number | null,
    query: ListQuery,
  ): Promise<BlogFolderList> {
    const scope: ArticleScope =
      folderId === null
        ? query.includeSubFolders
          ? { kind: 'all' }
          : { kind: 'root' }
        : {
            kind: 'folders',
            folderIds: query.includeSubFolders ? subtreeIds(folders, folderId) : [folderId],
          };
    const { rows, total } = await repository.listArticles(
      siteId,
      scope,
      parseFilters(query, blogArticleFilterColumns),
      pagingOf(query, DEFAULT_BLOG_PAGE_SIZE),
    );
    return {
      folders: folders.filter((folder) => folder.idParent === folderId),
      blogs: rows.map(summaryOf),
      total,
    };
  }

  return {
    /** The top-level folders and a page of the root's (or the whole blog's) articles. */
    async listRoot(siteId: number, query: ListQuery): Promise<BlogFolderList> {
      return listIn(siteId, await activatedFolders(siteId), null, query);
    },

    /** A folder's sub-folders and a page of its articles; another site's folder is not found. */
    async listFolder(siteId: number, folderId: number, query: ListQuery): Promise<BlogFolderList> {
      const folders = await activatedFolders(siteId);
      folderIn(folders, folderId);
      return listIn(siteId, folders, folderId, query);
    },

    async rootFolders(siteId: number): Promise<BlogFolder[]> {
      return (await activatedFolders(siteId)).filter((folder) => folder.idParent === null);
    },

    async getFolder(siteId: number, id: number): Promise<BlogFolder> {
      return folderIn(await activatedFolders(siteId), id);
    },

    async getFolderBySlug(siteId: number, slug: string): Promise<BlogFolder> {
      const folder = (await activatedFolders(siteId)).find((candidate) => candidate.slug === slug);
      if (!folder) throw new HttpError(404, `Blog folder ${slug} not found.`);
      return folder;
    },

    async folderAriane(siteId: number, id: number): Promise<BlogArianeEntry[]> {
      const folders = await activatedFolders(siteId);
      folderIn(folders, id);
      return folderChain(folders, id);
    },

    /** The article's folders from the root, then the article itself. */
    async articleAriane(siteId: number, id: number): Promise<BlogArianeEntry[]> {
      const folders = await activatedFolders(siteId);
      const article = await publishedArticle(siteId, id);
      return [
        ...(article.folderId === null ? [] : folderChain(folders, article.folderId)),
        { id: article.id, title: article.title, slug: article.slug, type: 'ARTICLE' },
      ];
    },

    async getArticle(siteId: number, id: number): Promise<BlogArticle> {
      await ensureActivated(siteId);
      return articleOf(await publishedArticle(siteId, id));
    },

    async getArticleBySlug(siteId: number, slug: string): Promise<BlogArticle> {
      await ensureActivated(siteId);
      const article = await repository.findArticleBySlug(siteId, slug);
      if (!article) throw new HttpError(404, `Blog article ${slug} not found.`);
      return articleOf(article);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
