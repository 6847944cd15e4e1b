import { z } from 'zod';
import {
  contentImageUrlSchema,
  contentSlugSchema,
  contentTitleSchema,
  optionalText,
  publicationDateSchema,
} from './admin-editorial';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * News items as the back office edits them (docs/requirements/news.md): every field a visitor sees, the promoted
 * flag (« À la une ») and the publication state and date. The body is stored through the
 * storefront's article policy, like a blog article's.
 */

export const NEWS_NOT_FOUND_MESSAGE = 'Cette actualité est introuvable.';
export const NEWS_LINK_MESSAGE =
  'Saisissez une adresse du site commençant par /, ou une adresse https://.';

export const newsFieldsSchema = z.object({
  title: contentTitleSchema,
  slug: contentSlugSchema,
  summary: optionalText(1000, 'Le résumé'),
  content: optionalText(200_000, 'Le texte'),
  imageUrl: contentImageUrlSchema,
  linkUrl: z
    .string()
    .trim()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^(\/(?!\/)|https?:\/\/)\S{1,2000}$/i.test(value), {
      error: NEWS_LINK_MESSAGE,
    }),
  promoted: z.boolean(),
  isPublished: z.boolean(),
  publishedAt: publicationDateSchema,
});
export type NewsFieldsInput = z.input<typeof newsFieldsSchema>;
export type NewsFields = z.infer<typeof newsFieldsSchema>;

export const adminNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  promoted: z.boolean(),
  isPublished: z.boolean(),
  publishedAt: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

const idParams = z.object({ id: rowIdSchema });

export const listAdminNews = defineEndpoint({
  method: 'GET',
  path: '/admin/news',
  summary: 'Every news item, unpublished ones included, newest first (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.array(adminNewsSchema),
});

export const createNews = defineEndpoint({
  method: 'POST',
  path: '/admin/news',
  summary: 'Write a news item (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: newsFieldsSchema,
  response: adminNewsSchema,
});

export const updateNews = defineEndpoint({
  method: 'PUT',
  path: '/admin/news/:id',
  summary: 'Change a news item (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  body: newsFieldsSchema,
  response: adminNewsSchema,
});

export const deleteNews = defineEndpoint({
  method: 'DELETE',
  path: '/admin/news/:id',
  summary: 'Delete a news item (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: z.object({ id: z.number().int() }),
});
