import { z } from 'zod';
import {
  contentImageUrlSchema,
  contentSlugSchema,
  contentTitleSchema,
  idOrderSchema,
  optionalText,
  publicationDateSchema,
} from './admin-editorial';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * The blog as the back office edits it (docs/requirements/blog.md): folders (a tree, ordered among their siblings)
 * and articles, published or not, at a date that may be in the future. An article's body is HTML
 * from the rich-text editor; the API stores it through the storefront's article policy
 * (`sanitizeArticleHtml`).
 */

export const BLOG_FOLDER_NOT_FOUND_MESSAGE = 'Ce dossier du blog est introuvable.';
export const BLOG_ARTICLE_NOT_FOUND_MESSAGE = 'Cet article est introuvable.';
export const BLOG_FOLDER_NOT_EMPTY_MESSAGE =
  "Ce dossier contient des articles ou des sous-dossiers : déplacez-les ou supprimez-les d'abord.";
export const BLOG_FOLDER_CYCLE_MESSAGE =
  "Un dossier ne peut pas être placé dans lui-même ni dans l'un de ses sous-dossiers.";
export const BLOG_CONTENT_MESSAGE = "Le texte de l'article est obligatoire.";

export const blogFolderFieldsSchema = z.object({
  title: contentTitleSchema,
  slug: contentSlugSchema,
  description: optionalText(2000, 'La description'),
  imageUrl: contentImageUrlSchema,
  idParent: z.number().int().positive().nullable(),
});
export type BlogFolderFieldsInput = z.input<typeof blogFolderFieldsSchema>;
export type BlogFolderFields = z.infer<typeof blogFolderFieldsSchema>;

export const blogArticleFieldsSchema = z.object({
  title: contentTitleSchema,
  slug: contentSlugSchema,
  folderId: z.number().int().positive().nullable(),
  summary: optionalText(1000, 'Le résumé'),
  content: z
    .string({ error: BLOG_CONTENT_MESSAGE })
    .max(200_000, { error: "Le texte de l'article fait 200 000 caractères au plus." })
    .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\s/i.test(html), {
      error: BLOG_CONTENT_MESSAGE,
    }),
  imageUrl: contentImageUrlSchema,
  author: optionalText(200, "Le nom de l'auteur"),
  isPublished: z.boolean(),
  publishedAt: publicationDateSchema,
});
export type BlogArticleFieldsInput = z.input<typeof blogArticleFieldsSchema>;
export type BlogArticleFields = z.infer<typeof blogArticleFieldsSchema>;

export const adminBlogFolderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  idParent: z.number().int().nullable(),
  position: z.number().int(),
});
export type AdminBlogFolder = z.infer<typeof adminBlogFolderSchema>;

export const adminBlogArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  folderId: z.number().int().nullable(),
  author: z.string().nullable(),
  isPublished: z.boolean(),
  publishedAt: z.string(),
});
export type AdminBlogArticleSummary = z.infer<typeof adminBlogArticleSummarySchema>;

export const adminBlogArticleSchema = adminBlogArticleSummarySchema.extend({
  summary: z.string().nullable(),
  content: z.string(),
  imageUrl: z.string().nullable(),
});
export type AdminBlogArticle = z.infer<typeof adminBlogArticleSchema>;

export const adminBlogSchema = z.object({
  /** Every folder, by position among its siblings. */
  folders: z.array(adminBlogFolderSchema),
  /** Every article, published or not, newest first. */
  articles: z.array(adminBlogArticleSummarySchema),
});
export type AdminBlog = z.infer<typeof adminBlogSchema>;

const idParams = z.object({ id: rowIdSchema });

export const getAdminBlog = defineEndpoint({
  method: 'GET',
  path: '/admin/blog',
  summary: 'Every folder and article of the blog, unpublished ones included (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: adminBlogSchema,
});

export const createBlogFolder = defineEndpoint({
  method: 'POST',
  path: '/admin/blog/folder',
  summary: 'Create a blog folder, last among its siblings (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: blogFolderFieldsSchema,
  response: adminBlogFolderSchema,
});

export const updateBlogFolder = defineEndpoint({
  method: 'PUT',
  path: '/admin/blog/folder/:id',
  summary: "Change a blog folder's fields or parent (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: idParams,
  body: blogFolderFieldsSchema,
  response: adminBlogFolderSchema,
});

export const deleteBlogFolder = defineEndpoint({
  method: 'DELETE',
  path: '/admin/blog/folder/:id',
  summary: 'Delete an empty blog folder (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const reorderBlogFolders = defineEndpoint({
  method: 'PUT',
  path: '/admin/blog/folder-order',
  summary:
    'Put the folders of one parent in a new order: every one of them, once each (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: z.object({ idParent: z.number().int().positive().nullable(), ids: idOrderSchema }),
  response: z.array(adminBlogFolderSchema),
});

export const getAdminBlogArticle = defineEndpoint({
  method: 'GET',
  path: '/admin/blog/article/:id',
  summary: 'One article of the blog, published or not (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminBlogArticleSchema,
});

export const createBlogArticle = defineEndpoint({
  method: 'POST',
  path: '/admin/blog/article',
  summary: 'Write a blog article (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: blogArticleFieldsSchema,
  response: adminBlogArticleSchema,
});

export const updateBlogArticle = defineEndpoint({
  method: 'PUT',
  path: '/admin/blog/article/:id',
  summary: 'Change a blog article (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  body: blogArticleFieldsSchema,
  response: adminBlogArticleSchema,
});

export const deleteBlogArticle = defineEndpoint({
  method: 'DELETE',
  path: '/admin/blog/article/:id',
  summary: 'Delete a blog article (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: z.object({ id: z.number().int() }),
});
