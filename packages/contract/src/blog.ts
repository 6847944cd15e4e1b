import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, pagingQuerySchema } from './list-query';

/*
 * The blog (docs/requirements/blog.md): folders that may hold sub-folders, and articles in a folder or at
 * the root. Only published articles are served (published and publishedAt <= now). When the site
 * turns IS_BLOG_ACTIVATED off, every endpoint of this file answers 404.
 *
 * The storefront addresses folders and articles by slug (/blog/<folder>/<sub-folder>/<article>):
 * GET /blog/folder/slug/:slug and GET /blog/slug/:slug find one by its slug (slugs are unique per
 * site, each in its own table), and the ariane endpoints give the chain that makes up its URL.
 */

/** Articles per page of a blog list when the caller gives none (docs/requirements/blog.md "blog list 12 (page 1)"). */
export const DEFAULT_BLOG_PAGE_SIZE = 12;

const databaseId = rowIdSchema;

/** A folder's or an article's slug: lower-case letters, digits and hyphens. */
export const blogSlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Expected a slug (a-z, 0-9 and hyphens).' });

export const blogFolderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The parent folder's id; null for a folder at the root of the blog. */
  idParent: z.number().int().nullable(),
  position: z.number().int(),
  /** Published articles directly in this folder (its sub-folders' not counted). */
  articleCount: z.number().int().min(0),
});
export type BlogFolder = z.infer<typeof blogFolderSchema>;

/** An article as lists show it: everything but its content. */
export const blogArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  imageUrl: z.string().nullable(),
  author: z.string().nullable(),
  /** ISO 8601, UTC. */
  publishedAt: z.iso.datetime(),
  /** The folder holding the article; null for an article at the root of the blog. */
  folderId: z.number().int().nullable(),
});
export type BlogArticleSummary = z.infer<typeof blogArticleSummarySchema>;

export const blogArticleSchema = blogArticleSummarySchema.extend({
  /** Rich text, as the site wrote it: the storefront sanitizes it before showing it. */
  content: z.string(),
});
export type BlogArticle = z.infer<typeof blogArticleSchema>;

/** One step of a breadcrumb, from the root of the blog down to the folder or article. */
export const blogArianeEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  type: z.enum(['FOLDER', 'ARTICLE']),
});
export type BlogArianeEntry = z.infer<typeof blogArianeEntrySchema>;

export const blogFolderListSchema = z.object({
  /** The sub-folders (of the root: the top-level folders), by position then title. */
  folders: z.array(blogFolderSchema),
  /** The requested page of articles, newest first. */
  blogs: z.array(blogArticleSummarySchema),
  /** Articles matching the query, all pages together. */
  total: z.number().int().min(0),
});
export type BlogFolderList = z.infer<typeof blogFolderListSchema>;

export const blogFolderListQuerySchema = pagingQuerySchema.extend({
  /**
   * 'true': the articles of the folder and of all its sub-folders (of the root: the whole blog),
   * for "latest articles" lists. By default, only the articles directly in the folder (or root).
   */
  includeSubFolders: z
    .enum(['true', 'false'], { error: 'Expected true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  id: filterValueSchema,
  title: filterValueSchema,
  slug: filterValueSchema,
  author: filterValueSchema,
});
export type BlogFolderListQuery = z.input<typeof blogFolderListQuerySchema>;

const folderIdParams = z.object({ id: databaseId });
const articleIdParams = z.object({ id: databaseId });

export const getBlogRootList = defineEndpoint({
  method: 'GET',
  path: '/blog/folder/list',
  summary:
    'The top-level folders and a page of the articles at the root of the blog, newest first (12 per page by default; includeSubFolders=true for the whole blog; filters id, title, slug, author)',
  tags: ['blog'],
  query: blogFolderListQuerySchema,
  response: blogFolderListSchema,
});

export const getBlogFolderList = defineEndpoint({
  method: 'GET',
  path: '/blog/folder/list/:id',
  summary:
    "A folder's sub-folders and a page of its articles, newest first (12 per page by default; includeSubFolders=true adds its sub-folders' articles; filters id, title, slug, author)",
  tags: ['blog'],
  params: folderIdParams,
  query: blogFolderListQuerySchema,
  response: blogFolderListSchema,
});

export const getBlogRootFolders = defineEndpoint({
  method: 'GET',
  path: '/blog/folder',
  summary: 'The folders at the root of the blog, by position then title',
  tags: ['blog'],
  response: z.array(blogFolderSchema),
});

export const getBlogFolder = defineEndpoint({
  method: 'GET',
  path: '/blog/folder/:id',
  summary: 'One folder of the blog',
  tags: ['blog'],
  params: folderIdParams,
  response: blogFolderSchema,
});

export const getBlogFolderBySlug = defineEndpoint({
  method: 'GET',
  path: '/blog/folder/slug/:slug',
  summary: 'One folder of the blog found by its slug (for storefront URLs)',
  tags: ['blog'],
  params: z.object({ slug: blogSlugSchema }),
  response: blogFolderSchema,
});

export const getBlogFolderAriane = defineEndpoint({
  method: 'GET',
  path: '/blog/folder/ariane/:id',
  summary: "A folder's breadcrumb: its parent folders from the root, then the folder",
  tags: ['blog'],
  params: folderIdParams,
  response: z.array(blogArianeEntrySchema),
});

export const getBlogArticleAriane = defineEndpoint({
  method: 'GET',
  path: '/blog/ariane/:id',
  summary: "An article's breadcrumb: its folders from the root, then the article",
  tags: ['blog'],
  params: articleIdParams,
  response: z.array(blogArianeEntrySchema),
});

export const getBlogArticleBySlug = defineEndpoint({
  method: 'GET',
  path: '/blog/slug/:slug',
  summary: 'One published article found by its slug (for storefront URLs)',
  tags: ['blog'],
  params: z.object({ slug: blogSlugSchema }),
  response: blogArticleSchema,
});

export const getBlogArticle = defineEndpoint({
  method: 'GET',
  path: '/blog/:id',
  summary: 'One published article with its content',
  tags: ['blog'],
  params: articleIdParams,
  response: blogArticleSchema,
});
