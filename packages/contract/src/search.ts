import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/*
 * The site search behind SHOW_SEARCHBAR (docs/requirements/search.md, decision 0098): the site's
 * pages, published news and blog articles, and visible products, found by the words typed,
 * accents and case ignored, best matches first.
 */

/** What a search may be: at least this many characters, at most SEARCH_MAX_LENGTH, once trimmed. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Words beyond this are refused rather than silently dropped. */
export const SEARCH_MAX_WORDS = 8;
/** Results per page when the caller gives none, and the most it may ask for. */
export const DEFAULT_SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_PAGE_SIZE = 50;
/** The last page a search serves: nobody reads further, and deep offsets cost. */
export const MAX_SEARCH_PAGE = 100;

export const SEARCH_KINDS = ['PAGE', 'PRODUCT', 'ARTICLE', 'NEWS'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const common = {
  id: z.number().int(),
  title: z.string(),
  /** The item's summary (a page's meta description), or the start of its text; plain text. */
  excerpt: z.string().nullable(),
};

export const searchResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('PAGE'),
    ...common,
    /** The page's address on the site ('/le-domaine'). */
    url: z.string(),
  }),
  z.object({
    kind: z.literal('PRODUCT'),
    ...common,
    slug: z.string(),
    imageUrl: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('ARTICLE'),
    ...common,
    slug: z.string(),
    /** The article's blog folder (its address holds the folders' slugs); null at the blog's root. */
    folderId: z.number().int().nullable(),
    /** ISO 8601, UTC. */
    publishedAt: z.iso.datetime(),
  }),
  z.object({
    kind: z.literal('NEWS'),
    ...common,
    /** Where the news item's own link leads, as the site wrote it; null when there is none. */
    linkUrl: z.string().nullable(),
    /** The address of the site's page that lists the news (a page with a news feed); null when none. */
    listUrl: z.string().nullable(),
    /** ISO 8601, UTC. */
    publishedAt: z.iso.datetime(),
  }),
]);
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = z.object({
  /** The requested page of results, best first. */
  list: z.array(searchResultSchema),
  /** Results of the search, all pages together. */
  total: z.number().int().min(0),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * Loose on purpose: the API checks the words and the page itself and answers a French 400 for
 * each mistake, where the schema's own refusal would be a generic one.
 */
export const searchQuerySchema = z.object({
  q: z.union([z.string(), z.array(z.string())]).optional(),
  page: z.union([z.string(), z.array(z.string())]).optional(),
  nbItem: z.union([z.string(), z.array(z.string())]).optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchSite = defineEndpoint({
  method: 'GET',
  path: '/search',
  summary:
    "Searches the site's pages, published news and articles and visible products (q: 2 to 100 characters, accents and case ignored), best matches first, 10 a page by default; 404 when SHOW_SEARCHBAR is off",
  tags: ['search'],
  query: searchQuerySchema,
  response: searchPageSchema,
});
