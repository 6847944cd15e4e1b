import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, pagingQuerySchema } from './list-query';

/*
 * News (docs/requirements/news.md "news: promoted, news list, total"): short announcements of the site,
 * newest first. Only published news are served (published and publishedAt <= now). A news item has
 * no page of its own: the storefront shows its summary and content where it lists it, and its
 * optional link leads further.
 */

/** News per page when the caller gives none (docs/requirements/news.md "news list 10"). */
export const DEFAULT_NEWS_PAGE_SIZE = 10;

export const newsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  /** Rich text, as the site wrote it: the storefront sanitizes it before showing it. */
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Where "read more" leads: a page of the site or another site; null when there is none. */
  linkUrl: z.string().nullable(),
  /** Put forward by the site ("À la une"). */
  promoted: z.boolean(),
  /** ISO 8601, UTC. */
  publishedAt: z.iso.datetime(),
});
export type News = z.infer<typeof newsSchema>;

export const newsListSchema = z.object({
  /**
   * The site's most recent promoted news, whatever the filters and page asked for; null when
   * none is promoted. The storefront shows it "À la une" (docs/requirements/news.md loads ?promoted=true at start).
   */
  promoted: newsSchema.nullable(),
  /** The requested page of news matching the filters, newest first. */
  list: z.array(newsSchema),
  /** News matching the filters, all pages together. */
  total: z.number().int().min(0),
});
export type NewsList = z.infer<typeof newsListSchema>;

export const newsListQuerySchema = pagingQuerySchema.extend({
  id: filterValueSchema,
  title: filterValueSchema,
  slug: filterValueSchema,
  /** 'true' lists the promoted news only, 'false' the others. */
  promoted: filterValueSchema,
});
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

export const getNewsList = defineEndpoint({
  method: 'GET',
  path: '/news',
  summary:
    'A page of published news, newest first (10 per page by default; filters id, title, slug, promoted with the list operators), with the promoted news apart',
  tags: ['news'],
  query: newsListQuerySchema,
  response: newsListSchema,
});

export const getNews = defineEndpoint({
  method: 'GET',
  path: '/news/:id',
  summary: 'One published news item',
  tags: ['news'],
  params: z.object({ id: rowIdSchema }),
  response: newsSchema,
});
