import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogArticles, news, pages, products } from '../../db/schema';
import type { Paging } from '../../lib/list-query';

/** What the search looks in: the kinds the site shows, each read only where a visitor may read it. */
export interface SearchScope {
  siteId: number;
  /** Published articles, unless the site turned its blog off (IS_BLOG_ACTIVATED). */
  articles: SQL | null;
  /** Published news. */
  news: SQL;
  /** Visible products, on a site that sells online only. */
  products: SQL | null;
}

export interface SearchRow {
  kind: 'PAGE' | 'PRODUCT' | 'ARTICLE' | 'NEWS';
  id: number;
  title: string;
  excerpt: string | null;
  slug: string | null;
  url: string | null;
  folderId: number | null;
  linkUrl: string | null;
  imageUrl: string | null;
  publishedAt: string | null;
  total: number;
}

/*
 * Ranking weights (decision 0098). Every word must be found at the start of a word of the title
 * or the text. A title that is the search scores highest, then a title holding the words in
 * order, then each word found in the title; the text counts far less, so that any title match
 * comes before every match in the text alone (the text's points stay under TITLE_WORD for
 * SEARCH_MAX_WORDS words).
 */
const EXACT_TITLE = 1000;
const TITLE_PHRASE = 500;
const TITLE_WORD = 100;
const TEXT_PHRASE = 20;
const TEXT_WORD = 5;

/** Ties: pages, then products, then articles, then news; the newest first; then by title. */
const KIND_RANK = { PAGE: 0, PRODUCT: 1, ARTICLE: 2, NEWS: 3 } as const;

/** The folded columns are ' word word ': a leading space finds a word by its start. */
const startsAWord = (column: SQL, folded: string): SQL => sql`${column} LIKE ${`% ${folded}%`}`;

function matchAndScore(title: SQL, text: SQL, words: readonly string[]) {
  const phrase = words.join(' ');
  const everyWord = sql.join(
    words.map((word) => startsAWord(sql`(${title} || ${text})`, word)),
    sql` AND `,
  );
  const points = [
    sql`CASE WHEN ${title} = ${` ${phrase} `} THEN ${sql.raw(String(EXACT_TITLE))} ELSE 0 END`,
    sql`CASE WHEN ${startsAWord(title, phrase)} THEN ${sql.raw(String(TITLE_PHRASE))} ELSE 0 END`,
    ...words.map(
      (word) =>
        sql`CASE WHEN ${startsAWord(title, word)} THEN ${sql.raw(String(TITLE_WORD))} ELSE 0 END`,
    ),
    sql`CASE WHEN ${startsAWord(text, phrase)} THEN ${sql.raw(String(TEXT_PHRASE))} ELSE 0 END`,
    ...words.map(
      (word) =>
        sql`CASE WHEN ${startsAWord(text, word)} THEN ${sql.raw(String(TEXT_WORD))} ELSE 0 END`,
    ),
  ];
  return { where: sql`(${everyWord})`, score: sql.join(points, sql` + `) };
}

/**
 * The start of an excerpt: the summary, or the first characters of the text without its markup
 * (the service decodes the entities and cuts it to length). Only
 * the results of the requested page are shown, but every match computes it: a site's texts are
 * short, and a page of a few hundred records is read in milliseconds.
 */
const EXCERPT_SOURCE_LENGTH = 400;
function excerptOf(summary: SQL, text: SQL): SQL {
  return sql`coalesce(nullif(btrim(${summary}), ''), nullif(left(btrim(regexp_replace(regexp_replace(regexp_replace(left(${text}, 4000), '<[^>]*(>|$)', ' ', 'g'), '&nbsp;|&#160;', ' ', 'g'), '\\s+', ' ', 'g')), ${sql.raw(String(EXCERPT_SOURCE_LENGTH))}), ''))`;
}

/** The rows of a raw read: both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const iso = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function createSearchRepository(db: Db) {
  return {
    /**
     * One page of the records of the scope holding every folded word, best first, each row
     * carrying the number of matches in all.
     */
    async search(scope: SearchScope, words: readonly string[], paging: Paging) {
      const siteId = scope.siteId;
      const branches: SQL[] = [];

      const page = matchAndScore(sql`${pages.searchTitle}`, sql`${pages.searchBody}`, words);
      // A page with a link is a menu entry leading elsewhere, not a page of its own.
      branches.push(sql`SELECT 'PAGE' AS kind, ${pages.id} AS id, ${pages.title} AS title,
        ${excerptOf(sql`${pages.metaDescription}`, sql`search_page_text(${pages.blocks})`)} AS excerpt,
        NULL::text AS slug, ${pages.url} AS url, NULL::integer AS folder_id, NULL::text AS link_url,
        NULL::text AS image_url, NULL::timestamptz AS sort_date, ${sql.raw(String(KIND_RANK.PAGE))} AS kind_rank,
        ${page.score} AS score
        FROM ${pages} WHERE ${and(sql`${pages.siteId} = ${siteId}`, isNull(pages.linkType))} AND ${page.where}`);

      if (scope.products) {
        const product = matchAndScore(
          sql`${products.searchTitle}`,
          sql`${products.searchBody}`,
          words,
        );
        branches.push(sql`SELECT 'PRODUCT', ${products.id}, ${products.name},
          ${excerptOf(sql`${products.summary}`, sql`${products.description}`)},
          ${products.slug}, NULL, NULL, NULL, ${products.imageUrl}, ${products.createdAt},
          ${sql.raw(String(KIND_RANK.PRODUCT))}, ${product.score}
          FROM ${products} WHERE ${scope.products} AND ${product.where}`);
      }

      if (scope.articles) {
        const article = matchAndScore(
          sql`${blogArticles.searchTitle}`,
          sql`${blogArticles.searchBody}`,
          words,
        );
        branches.push(sql`SELECT 'ARTICLE', ${blogArticles.id}, ${blogArticles.title},
          ${excerptOf(sql`${blogArticles.summary}`, sql`${blogArticles.content}`)},
          ${blogArticles.slug}, NULL, ${blogArticles.folderId}, NULL, ${blogArticles.imageUrl},
          ${blogArticles.publishedAt}, ${sql.raw(String(KIND_RANK.ARTICLE))}, ${article.score}
          FROM ${blogArticles} WHERE ${scope.articles} AND ${article.where}`);
      }

      const item = matchAndScore(sql`${news.searchTitle}`, sql`${news.searchBody}`, words);
      branches.push(sql`SELECT 'NEWS', ${news.id}, ${news.title},
        ${excerptOf(sql`${news.summary}`, sql`${news.content}`)},
        ${news.slug}, NULL, NULL, ${news.linkUrl}, ${news.imageUrl}, ${news.publishedAt},
        ${sql.raw(String(KIND_RANK.NEWS))}, ${item.score}
        FROM ${news} WHERE ${scope.news} AND ${item.where}`);

      const result = await db.execute(sql`
        SELECT kind, id, title, excerpt, slug, url, folder_id, link_url, image_url,
          ${iso(sql`sort_date`)} AS published_at, count(*) OVER ()::integer AS total
        FROM (${sql.join(branches, sql` UNION ALL `)}) AS found
        ORDER BY score DESC, kind_rank, sort_date DESC NULLS LAST, title, id
        LIMIT ${paging.limit} OFFSET ${paging.offset}`);
      return rowsOf<Record<string, unknown>>(result).map((row): SearchRow => ({
        kind: row.kind as SearchRow['kind'],
        id: Number(row.id),
        title: String(row.title),
        excerpt: (row.excerpt as string | null) ?? null,
        slug: (row.slug as string | null) ?? null,
        url: (row.url as string | null) ?? null,
        folderId: row.folder_id === null ? null : Number(row.folder_id),
        linkUrl: (row.link_url as string | null) ?? null,
        imageUrl: (row.image_url as string | null) ?? null,
        publishedAt: (row.published_at as string | null) ?? null,
        total: Number(row.total),
      }));
    },

    /** The words of a search as the database folds its records' words (migration 0021). */
    async fold(text: string): Promise<string[]> {
      const result = await db.execute(sql`SELECT search_folded(${text}) AS folded`);
      const folded = String(rowsOf<{ folded: string }>(result)[0]?.folded ?? '');
      return folded.split(' ').filter((word) => word !== '');
    },

    /**
     * The page that lists the site's news: the page of the news type (cms route NEWS), otherwise
     * the first page holding a news feed; null when the site has neither.
     */
    async findNewsListUrl(siteId: number): Promise<string | null> {
      const result = await db.execute(sql`
        SELECT ${pages.url} AS url FROM ${pages}
        WHERE ${pages.siteId} = ${siteId} AND ${pages.linkType} IS NULL
          AND (${pages.cmsRoute} = 'NEWS' OR ${pages.blocks} @> '[{"type":"newsFeed"}]'::jsonb)
        ORDER BY (${pages.cmsRoute} = 'NEWS') DESC NULLS LAST, ${pages.order}, ${pages.id}
        LIMIT 1`);
      return rowsOf<{ url: string }>(result)[0]?.url ?? null;
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
