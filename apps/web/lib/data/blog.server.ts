import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import {
  DEFAULT_BLOG_PAGE_SIZE,
  getBlogArticleAriane as articleArianeEndpoint,
  getBlogArticleBySlug,
  getBlogFolderAriane as folderArianeEndpoint,
  getBlogFolderBySlug,
  getBlogFolderList,
  getBlogRootList,
  type BlogArianeEntry,
  type BlogArticle,
  type BlogFolder,
  type BlogFolderList,
} from '@comptoir/contract/blog';
import { ApiError } from '@comptoir/contract/client';
import { blogArticlePath, blogFolderPath } from '../../modules/blog/blog-paths';
import { siteApi } from '../api-client.server';
import { TIMED_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/*
 * The blog's reads, cached per site like every public read (see cache-tags.ts). The API answers
 * 404 for an unknown folder or article and for every call when the site turned its blog off
 * (IS_BLOG_ACTIVATED): those come back as null, and the page shows its not-found page.
 */

/** The largest page the list endpoints serve (pagingQuerySchema's nbItem maximum). */
const LARGEST_PAGE = 1000;

/** Inside a 'use cache' function: the blog's life and tag (not a React hook). */
function tagBlogCache(siteId: number) {
  cacheLife(TIMED_CONTENT_LIFE);
  cacheTag(siteCacheTags.blog(siteId));
}

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface BlogListRequest {
  /** null for the root of the blog. */
  folderId: number | null;
  page?: number;
  nbItem?: number;
  /** The articles of the sub-folders too (for the root: the whole blog). */
  includeSubFolders?: boolean;
}

/** Sub-folders and one page of articles, newest first (12 per page by default, docs/requirements/blog.md). */
export async function getBlogList(
  siteId: number,
  request: BlogListRequest,
): Promise<BlogFolderList | null> {
  'use cache';
  tagBlogCache(siteId);
  const query = {
    page: request.page ?? 1,
    nbItem: request.nbItem ?? DEFAULT_BLOG_PAGE_SIZE,
    includeSubFolders: request.includeSubFolders ? ('true' as const) : undefined,
  };
  const api = siteApi(siteId);
  return orNull(
    request.folderId === null
      ? api.call(getBlogRootList, { query })
      : api.call(getBlogFolderList, { params: { id: request.folderId }, query }),
  );
}

/**
 * Every folder of the blog, parents before children: the folder URLs of lists and cards are
 * written from this tree. A blog has a few folders, each read once per cache period.
 */
export async function getBlogFolders(siteId: number): Promise<BlogFolder[] | null> {
  'use cache';
  tagBlogCache(siteId);
  const api = siteApi(siteId);
  const root = await orNull(api.call(getBlogRootList, { query: { nbItem: 1 } }));
  if (!root) return null;
  const folders: BlogFolder[] = [];
  let level = root.folders;
  while (level.length > 0) {
    folders.push(...level);
    const known = new Set(folders.map((folder) => folder.id));
    const children = await Promise.all(
      level.map((folder) =>
        orNull(api.call(getBlogFolderList, { params: { id: folder.id }, query: { nbItem: 1 } })),
      ),
    );
    level = children
      .flatMap((list) => list?.folders ?? [])
      .filter((folder) => !known.has(folder.id));
  }
  return folders;
}

export async function findBlogFolderBySlug(
  siteId: number,
  slug: string,
): Promise<BlogFolder | null> {
  'use cache';
  tagBlogCache(siteId);
  return orNull(siteApi(siteId).call(getBlogFolderBySlug, { params: { slug } }));
}

export async function findBlogArticleBySlug(
  siteId: number,
  slug: string,
): Promise<BlogArticle | null> {
  'use cache';
  tagBlogCache(siteId);
  return orNull(siteApi(siteId).call(getBlogArticleBySlug, { params: { slug } }));
}

/** A folder's breadcrumb (GET /blog/folder/ariane/:id), root first. */
export async function getBlogFolderAriane(
  siteId: number,
  folderId: number,
): Promise<BlogArianeEntry[] | null> {
  'use cache';
  tagBlogCache(siteId);
  return orNull(siteApi(siteId).call(folderArianeEndpoint, { params: { id: folderId } }));
}

/** An article's breadcrumb (GET /blog/ariane/:id): its folders, then the article. */
export async function getBlogArticleAriane(
  siteId: number,
  articleId: number,
): Promise<BlogArianeEntry[] | null> {
  'use cache';
  tagBlogCache(siteId);
  return orNull(siteApi(siteId).call(articleArianeEndpoint, { params: { id: articleId } }));
}

/**
 * Every folder and article URL of the blog, for the sitemap; none when the blog is off. An
 * article's date is its publication; a folder's is its newest article's, its sub-folders'
 * included (an empty folder takes the blog's newest article's date).
 */
export async function listBlogUrls(
  siteId: number,
): Promise<{ path: string; lastModified: string }[]> {
  'use cache';
  tagBlogCache(siteId);
  const folders = await getBlogFolders(siteId);
  if (!folders) return [];
  const articles = [];
  for (let page = 1; ; page += 1) {
    const list = await getBlogList(siteId, {
      folderId: null,
      includeSubFolders: true,
      page,
      nbItem: LARGEST_PAGE,
    });
    if (!list) return [];
    articles.push(...list.blogs);
    if (list.blogs.length === 0 || articles.length >= list.total) break;
  }

  // Articles come newest first: the first one met in a folder's subtree is its newest.
  const parents = new Map(folders.map((folder) => [folder.id, folder.idParent]));
  const newestByFolder = new Map<number, string>();
  for (const article of articles) {
    const seen = new Set<number>();
    for (let id = article.folderId; id !== null && !seen.has(id); id = parents.get(id) ?? null) {
      seen.add(id);
      if (!newestByFolder.has(id)) newestByFolder.set(id, article.publishedAt);
    }
  }
  const blogNewest = articles[0]?.publishedAt;
  return [
    ...folders.flatMap((folder) => {
      const lastModified = newestByFolder.get(folder.id) ?? blogNewest;
      // A blog without a single article has no date to give its (empty) folders: left out.
      return lastModified ? [{ path: blogFolderPath(folders, folder.id), lastModified }] : [];
    }),
    ...articles.map((article) => ({
      path: blogArticlePath(folders, article),
      lastModified: article.publishedAt,
    })),
  ];
}
