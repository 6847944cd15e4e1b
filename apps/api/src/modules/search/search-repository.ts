import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
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
  /** The start of the summary or text, markup gone, entities not yet decoded. */
  excerpt: string | null;
  slug: string | null;
  url: string | null;
  folderId: number | null;
  linkUrl: string | null;
  imageUrl: string | null;
  /** ISO 8601, UTC; null for a page or a product. */
  publishedAt: string | null;
}

type SearchableTable = typeof pages | typeof products | typeof blogArticles | typeof news;

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
    words.map((word) => sql`(${startsAWord(title, word)} OR ${startsAWord(text, word)})`),
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

const iso = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function createSearchRepository(db: Db) {
  return {
    /**
     * One page of the records of the scope holding every folded word, best first, each row
     * carrying the number of matches in all.
     */
    async search(
      scope: SearchScope,
      words: readonly string[],
      paging: Paging,
    ): Promise<{ rows: SearchRow[]; total: number }> {
      const siteId = scope.siteId;
      // Ranking reads the folded columns only; the details and excerpts are read for the
      // requested page alone (a search matching thousands of articles stays in milliseconds).
      const branches: SQL[] = [];
      const branch = (kind: SearchRow['kind'], table: SearchableTable, where: SQL, date: SQL) => {
        const { where: matches, score } = matchAndScore(
          sql`${table.searchTitle}`,
          sql`${table.searchBody}`,
          words,
        );
        branches.push(sql`SELECT ${sql.raw(`'${kind}'`)} AS kind, ${table.id} AS id,
          ${table.searchTitle} AS sort_title, ${date} AS sort_date,
          ${sql.raw(String(KIND_RANK[kind]))} AS kind_rank, ${score} AS score
          FROM ${table} WHERE ${where} AND ${matches}`);
      };
      // A page with a link is a menu entry leading elsewhere, not a page of its own.
      branch(
        'PAGE',
        pages,
        and(eq(pages.siteId, siteId), isNull(pages.linkType))!,
        sql`NULL::timestamptz`,
      );
      if (scope.products) branch('PRODUCT', products, scope.products, sql`${products.createdAt}`);
      if (scope.articles) {
        branch('ARTICLE', blogArticles, scope.articles, sql`${blogArticles.publishedAt}`);
      }
      branch('NEWS', news, scope.news, sql`${news.publishedAt}`);

      const ranked = rowsOf<{ kind: SearchRow['kind']; id: number; total: number }>(
        await db.execute(sql`
          SELECT kind, id, count(*) OVER ()::integer AS total
          FROM (${sql.join(branches, sql` UNION ALL `)}) AS found
          ORDER BY score DESC, kind_rank, sort_date DESC NULLS LAST, sort_title, id
          LIMIT ${paging.limit} OFFSET ${paging.offset}`),
      ).map((row) => ({ kind: row.kind, id: Number(row.id), total: Number(row.total) }));

      const idsOf = (kind: SearchRow['kind']) =>
        ranked.filter((row) => row.kind === kind).map((row) => row.id);
      const details = new Map<string, Omit<SearchRow, 'kind' | 'id'>>();
      const keep = (kind: SearchRow['kind'], rows: Omit<SearchRow, 'kind'>[]) => {
        for (const { id, ...rest } of rows) details.set(`${kind} ${id}`, rest);
      };
      const none = {
        slug: sql<string | null>`NULL::text`,
        url: sql<string | null>`NULL::text`,
        folderId: sql<number | null>`NULL::integer`,
        linkUrl: sql<string | null>`NULL::text`,
        imageUrl: sql<string | null>`NULL::text`,
        publishedAt: sql<string | null>`NULL::text`,
      };
      const excerpt = (summary: SQL, text: SQL) => sql<string | null>`${excerptOf(summary, text)}`;

      const pageIds = idsOf('PAGE');
      if (pageIds.length > 0) {
        keep(
          'PAGE',
          await db
            .select({
              ...none,
              id: pages.id,
              title: pages.title,
              excerpt: excerpt(
                sql`${pages.metaDescription}`,
                sql`search_page_text(${pages.blocks})`,
              ),
              url: pages.url,
            })
            .from(pages)
            .where(and(eq(pages.siteId, siteId), inArray(pages.id, pageIds))),
        );
      }
      const productIds = idsOf('PRODUCT');
      if (productIds.length > 0) {
        keep(
          'PRODUCT',
          await db
            .select({
              ...none,
              id: products.id,
              title: products.name,
              excerpt: excerpt(sql`${products.summary}`, sql`${products.description}`),
              slug: products.slug,
              imageUrl: products.imageUrl,
            })
            .from(products)
            .where(and(eq(products.siteId, siteId), inArray(products.id, productIds))),
        );
      }
      const articleIds = idsOf('ARTICLE');
      if (articleIds.length > 0) {
        keep(
          'ARTICLE',
          await db
            .select({
              ...none,
              id: blogArticles.id,
              title: blogArticles.title,
              excerpt: excerpt(sql`${blogArticles.summary}`, sql`${blogArticles.content}`),
              slug: blogArticles.slug,
              folderId: blogArticles.folderId,
              imageUrl: blogArticles.imageUrl,
              publishedAt: iso(sql`${blogArticles.publishedAt}`),
            })
            .from(blogArticles)
            .where(and(eq(blogArticles.siteId, siteId), inArray(blogArticles.id, articleIds))),
        );
      }
      const newsIds = idsOf('NEWS');
      if (newsIds.length > 0) {
        keep(
          'NEWS',
          await db
            .select({
              ...none,
              id: news.id,
              title: news.title,
              excerpt: excerpt(sql`${news.summary}`, sql`${news.content}`),
              slug: news.slug,
              linkUrl: news.linkUrl,
              imageUrl: news.imageUrl,
              publishedAt: iso(sql`${news.publishedAt}`),
            })
            .from(news)
            .where(and(eq(news.siteId, siteId), inArray(news.id, newsIds))),
        );
      }
      const rows = ranked.flatMap(({ kind, id }) => {
        const found = details.get(`${kind} ${id}`);
        // A record deleted between the two reads is left out.
        return found ? [{ kind, id, ...found }] : [];
      });
      return { rows, total: ranked[0]?.total ?? 0 };
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
