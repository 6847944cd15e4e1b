import type { ProductSummary } from '@comptoir/contract/product';
import type { WineKind } from '@comptoir/domain/catalogue';
import { chosenValue, type ChoiceOf } from '@comptoir/domain/parameter-choices';

/*
 * The list's filters, sort and page as they live in the URL (?categorie=rouge&tri=prix-croissant…).
 * The list page is cached and the same for every visitor: it ships the site's whole catalogue (a
 * few dozen products) and this runs in the browser on the query string (decision 0032), and on the
 * server for a filtered link, so that its HTML is already the filtered list (decision 0100).
 */

/** The categories a visitor filters by: the wine colours, boxes and the rest (tickets…). */
export const CATALOGUE_CATEGORIES = [
  { value: 'rouge', label: 'Rouges' },
  { value: 'blanc', label: 'Blancs' },
  { value: 'rose', label: 'Rosés' },
  { value: 'moelleux', label: 'Moelleux' },
  { value: 'effervescent', label: 'Effervescents' },
  { value: 'coffret', label: 'Coffrets' },
  { value: 'experience', label: 'Visites et cadeaux' },
] as const;
export type CatalogueCategory = (typeof CATALOGUE_CATEGORIES)[number]['value'];

const CATEGORY_OF_KIND: Record<WineKind, CatalogueCategory> = {
  RED: 'rouge',
  WHITE: 'blanc',
  ROSE: 'rose',
  SWEET: 'moelleux',
  SPARKLING: 'effervescent',
};

export const CATALOGUE_SORTS = [
  { value: 'prix-croissant', label: 'Prix croissant' },
  { value: 'prix-decroissant', label: 'Prix décroissant' },
  { value: 'nom', label: 'Nom (A à Z)' },
  { value: 'selection', label: 'Notre sélection' },
] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]['value'];

/** The list's order when the address names none: the site's PRODUCT_ORDER (decision 0101). */
const SORT_OF_PRODUCT_ORDER: Record<ChoiceOf<'PRODUCT_ORDER'>, CatalogueSort> = {
  PRICE_ASC: 'prix-croissant',
  PRICE_DESC: 'prix-decroissant',
  NAME: 'nom',
  POSITION: 'selection',
};

export function defaultCatalogueSort(productOrder: string | null): CatalogueSort {
  return SORT_OF_PRODUCT_ORDER[chosenValue('PRODUCT_ORDER', productOrder)];
}

/** Products per page: the spec's default of 100 (docs/requirements/catalogue.md). */
export const CATALOGUE_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;
const MAX_TAGS = 20;

export interface CatalogueQuery {
  category: CatalogueCategory | null;
  search: string;
  tags: string[];
  /** The sort the address names; null: the site's own order (defaultCatalogueSort). */
  sort: CatalogueSort | null;
  page: number;
}

export const DEFAULT_CATALOGUE_QUERY: CatalogueQuery = {
  category: null,
  search: '',
  tags: [],
  sort: null,
  page: 1,
};

function isOneOf<T extends string>(
  options: readonly { value: T }[],
  value: string | null,
): value is T {
  return options.some((option) => option.value === value);
}

/**
 * Reads the query string leniently: a visitor's hand-edited or outdated URL shows the list with
 * what makes sense in it, never an error (an unknown category or sort is ignored, a page out of
 * range becomes the nearest page when the list is cut).
 */
export function parseCatalogueQuery(search: string | URLSearchParams): CatalogueQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const category = params.get('categorie');
  const sort = params.get('tri');
  const page = Number(params.get('page'));
  const tags = [
    ...new Set(
      params
        .getAll('etiquette')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ].slice(0, MAX_TAGS);
  return {
    category: isOneOf(CATALOGUE_CATEGORIES, category) ? category : null,
    search: (params.get('recherche') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    tags,
    sort: isOneOf(CATALOGUE_SORTS, sort) ? sort : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of a query, defaults left out ('' for the plain list). */
export function catalogueQueryString(query: CatalogueQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('categorie', query.category);
  if (query.search) params.set('recherche', query.search);
  for (const tag of query.tags) params.append('etiquette', tag);
  if (query.sort !== null) params.set('tri', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function productCategory(product: Pick<ProductSummary, 'type' | 'kind'>): CatalogueCategory {
  if (product.kind) return CATEGORY_OF_KIND[product.kind];
  return product.type === 'BOX' ? 'coffret' : 'experience';
}

/** Lower case without accents: « rosé » finds « Rose » and « ROSÉ ». */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function matchesSearch(product: ProductSummary, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(
    [
      product.name,
      product.appellation,
      product.region,
      product.summary,
      ...product.declinations.map((declination) => declination.year?.toString()),
    ]
      .filter(Boolean)
      .join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

function compare(sort: CatalogueSort) {
  return (a: ProductSummary, b: ProductSummary): number => {
    // The owner's order, as the API lists the products (Array.prototype.sort keeps it).
    if (sort === 'selection') return 0;
    if (sort === 'nom') return collator.compare(a.name, b.name);
    const byPrice =
      sort === 'prix-croissant' ? a.priceCents - b.priceCents : b.priceCents - a.priceCents;
    return byPrice !== 0 ? byPrice : collator.compare(a.name, b.name);
  };
}

export interface CatalogueView {
  /** The cards of the page asked for. */
  products: ProductSummary[];
  /** Products matching the filters, all pages together. */
  total: number;
  pageCount: number;
  /** The page shown: the one asked for, brought back within 1..pageCount. */
  page: number;
}

/**
 * Filters (category, every search word, any of the tags), sorts (equal prices by name) and cuts
 * one page out of the catalogue.
 */
export function viewCatalogue(
  products: readonly ProductSummary[],
  query: CatalogueQuery,
  { pageSize = CATALOGUE_PAGE_SIZE, defaultSort = 'prix-croissant' as CatalogueSort } = {},
): CatalogueView {
  const matching = products
    .filter((product) => query.category === null || productCategory(product) === query.category)
    .filter(
      (product) => query.tags.length === 0 || query.tags.some((tag) => product.tags.includes(tag)),
    )
    .filter((product) => matchesSearch(product, query.search))
    .sort(compare(query.sort ?? defaultSort));
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(query.page, pageCount);
  return {
    products: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    pageCount,
    page,
  };
}

const TAG_LABELS: Record<string, string> = {
  'coup-de-coeur': 'Coup de cœur',
  bio: 'Bio',
  garde: 'Vin de garde',
  'petit-prix': 'Petits prix',
  apéritif: 'Apéritif',
  nouveauté: 'Nouveauté',
  cadeau: 'Idée cadeau',
  visite: 'Visite',
};

/** How a tag reads on the page: a known tag by its French label, any other one tidied up. */
export function tagLabel(tag: string): string {
  const known = TAG_LABELS[tag];
  if (known) return known;
  const words = tag.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tags used in the catalogue, most used first, then alphabetically. */
export function catalogueTags(products: readonly ProductSummary[]): string[] {
  const counts = new Map<string, number>();
  for (const product of products) {
    for (const tag of product.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || collator.compare(a, b))
    .map(([tag]) => tag);
}

/** The categories present in the catalogue, in their fixed order. */
export function catalogueCategories(products: readonly ProductSummary[]) {
  const present = new Set(products.map(productCategory));
  return CATALOGUE_CATEGORIES.filter((category) => present.has(category.value));
}
