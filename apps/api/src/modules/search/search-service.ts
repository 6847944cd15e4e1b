import {
  DEFAULT_SEARCH_PAGE_SIZE,
  MAX_SEARCH_PAGE,
  MAX_SEARCH_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_WORDS,
  SEARCH_MIN_LENGTH,
  type SearchPage,
  type SearchQuery,
  type SearchResult,
} from '@comptoir/contract/search';
import type { SQL } from 'drizzle-orm';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import { excerptText } from './search-excerpt';
import type { SearchRepository, SearchRow, SearchScope } from './search-repository';

/** Messages of docs/requirements/search.md. */
export const SEARCH_DISABLED_MESSAGE = "La recherche n'est pas activée sur ce site.";
export const SEARCH_MISSING_MESSAGE = 'Tapez un ou plusieurs mots à chercher.';
export const SEARCH_TOO_SHORT_MESSAGE = `Tapez au moins ${SEARCH_MIN_LENGTH} caractères.`;
export const SEARCH_TOO_LONG_MESSAGE = `Votre recherche dépasse ${SEARCH_MAX_LENGTH} caractères : raccourcissez-la.`;
export const SEARCH_TOO_MANY_WORDS_MESSAGE = `Votre recherche compte trop de mots : ${SEARCH_MAX_WORDS} au plus.`;
export const SEARCH_ONE_AT_A_TIME_MESSAGE = 'Une seule recherche à la fois.';
export const SEARCH_PAGE_MESSAGE = `Le numéro de page va de 1 à ${MAX_SEARCH_PAGE}.`;
export const SEARCH_PAGE_SIZE_MESSAGE = `Le nombre de résultats par page va de 1 à ${MAX_SEARCH_PAGE_SIZE}.`;

function refuse(key: string, message: string): HttpError {
  return new HttpError(400, message, [{ key, error: message }]);
}

function single(key: string, value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) throw refuse(key, SEARCH_ONE_AT_A_TIME_MESSAGE);
  return value;
}

function wholeNumber(
  key: string,
  value: string | string[] | undefined,
  fallback: number,
  max: number,
  message: string,
): number {
  const given = single(key, value)?.trim();
  if (given === undefined || given === '') return fallback;
  if (!/^\d{1,6}$/.test(given)) throw refuse(key, message);
  const number = Number(given);
  if (number < 1 || number > max) throw refuse(key, message);
  return number;
}

/** The typed text, checked: trimmed, between the two lengths (docs/requirements/search.md). */
export function checkedSearchText(value: string | string[] | undefined): string {
  const text = single('q', value)?.trim() ?? '';
  if (text === '') throw refuse('q', SEARCH_MISSING_MESSAGE);
  if ([...text].length < SEARCH_MIN_LENGTH) throw refuse('q', SEARCH_TOO_SHORT_MESSAGE);
  if ([...text].length > SEARCH_MAX_LENGTH) throw refuse('q', SEARCH_TOO_LONG_MESSAGE);
  return text;
}

/**
 * The words to look for: the folded words, each once; one-letter words (« d' », « l' ») only count
 * when nothing longer was typed.
 */
export function searchWords(folded: readonly string[]): string[] {
  const unique = [...new Set(folded)];
  const long = unique.filter((word) => word.length > 1);
  return long.length > 0 ? long : unique;
}

function resultOf(row: SearchRow, newsListUrl: string | null): SearchResult {
  const common = { id: row.id, title: row.title, excerpt: excerptText(row.excerpt) };
  switch (row.kind) {
    case 'PAGE':
      return { kind: 'PAGE', ...common, url: row.url ?? '/' };
    case 'PRODUCT':
      return { kind: 'PRODUCT', ...common, slug: row.slug ?? '', imageUrl: row.imageUrl };
    case 'ARTICLE':
      return {
        kind: 'ARTICLE',
        ...common,
        slug: row.slug ?? '',
        folderId: row.folderId,
        publishedAt: row.publishedAt ?? new Date(0).toISOString(),
      };
    case 'NEWS':
      return {
        kind: 'NEWS',
        ...common,
        linkUrl: row.linkUrl,
        listUrl: newsListUrl,
        publishedAt: row.publishedAt ?? new Date(0).toISOString(),
      };
  }
}

export interface SearchServiceDependencies {
  readParameters: SiteParameterReader;
  /** What a visitor may read of each kind (the owning modules' rules). */
  publishedArticles(siteId: number): SQL;
  publishedNews(siteId: number): SQL;
  visibleProducts(siteId: number): SQL;
}

export function createSearchService(
  repository: SearchRepository,
  dependencies: SearchServiceDependencies,
) {
  return {
    /**
     * A page of the site's records holding every word typed, best first (decision 0098). The
     * site search answers 404 where SHOW_SEARCHBAR is off, as the storefront's results page.
     */
    async search(
      site: { id: number; isECommerce: boolean },
      query: SearchQuery,
    ): Promise<SearchPage> {
      const parameters = await dependencies.readParameters(site.id);
      if (!parameters.isOn('SHOW_SEARCHBAR')) throw new HttpError(404, SEARCH_DISABLED_MESSAGE);
      const text = checkedSearchText(query.q);
      const page = wholeNumber('page', query.page, 1, MAX_SEARCH_PAGE, SEARCH_PAGE_MESSAGE);
      const nbItem = wholeNumber(
        'nbItem',
        query.nbItem,
        DEFAULT_SEARCH_PAGE_SIZE,
        MAX_SEARCH_PAGE_SIZE,
        SEARCH_PAGE_SIZE_MESSAGE,
      );
      const words = searchWords(await repository.fold(text));
      if (words.length > SEARCH_MAX_WORDS) throw refuse('q', SEARCH_TOO_MANY_WORDS_MESSAGE);
      // Nothing but punctuation: nothing can match.
      if (words.length === 0) return { list: [], total: 0 };

      const scope: SearchScope = {
        siteId: site.id,
        articles: parameters.isOn('IS_BLOG_ACTIVATED')
          ? dependencies.publishedArticles(site.id)
          : null,
        news: dependencies.publishedNews(site.id),
        // The catalogue's pages exist on a site that sells online only.
        products: site.isECommerce ? dependencies.visibleProducts(site.id) : null,
      };
      const { rows, total: counted } = await repository.search(scope, words, {
        limit: nbItem,
        offset: (page - 1) * nbItem,
      });
      // Past the last page the read counts nothing: the first page's count says how many there are.
      const total =
        rows.length > 0 || page === 1
          ? counted
          : (await repository.search(scope, words, { limit: 1, offset: 0 })).total;
      const newsListUrl = rows.some((row) => row.kind === 'NEWS')
        ? await repository.findNewsListUrl(site.id)
        : null;
      return { list: rows.map((row) => resultOf(row, newsListUrl)), total };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
