import type {
  getProducts,
  ProductCategory,
  ProductFacets,
  ProductOrder,
} from '@comptoir/contract/product';
import type { CallInput } from '@comptoir/contract/client';
import { chosenValue, type ChoiceOf } from '@comptoir/domain/parameter-choices';

/*
 * The list's filters, sort and page as they live in the URL (?categorie=rouge&tri=prix-croissant…).
 * Each list (the plain one, every filtered link) is a cached page rendered on the server from one
 * page of the API's list (decision 0128): catalogueApiQuery turns the URL's query into GET
 * /product's, and the API filters, sorts and pages in the database, so that a site of thousands
 * of wines sends only the hundred shown.
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

/** GET /product's orderBy for each sort of the list. */
const ORDER_OF_SORT: Record<CatalogueSort, ProductOrder> = {
  'prix-croissant': 'price',
  'prix-decroissant': '-price',
  nom: 'name',
  selection: 'position',
};

/** GET /product's category (a shelf) for each category of the list. */
const API_CATEGORY: Record<CatalogueCategory, ProductCategory> = {
  rouge: 'RED',
  blanc: 'WHITE',
  rose: 'ROSE',
  moelleux: 'SWEET',
  effervescent: 'SPARKLING',
  coffret: 'BOX',
  experience: 'OTHER',
};

/** The longest tag GET /product filters by; a longer one (or one with a comma) names no tag. */
const MAX_API_TAG_LENGTH = 60;

/**
 * GET /product's query for one page of the list (the API filters, sorts and pages, decision
 * 0128); null when nothing can match (every tag asked for is one no product can carry).
 */
export function catalogueApiQuery(
  query: CatalogueQuery,
  { pageSize = CATALOGUE_PAGE_SIZE, defaultSort = 'prix-croissant' as CatalogueSort } = {},
): NonNullable<CallInput<typeof getProducts>['query']> | null {
  const tags = query.tags.filter((tag) => tag.length <= MAX_API_TAG_LENGTH && !tag.includes(','));
  if (query.tags.length > 0 && tags.length === 0) return null;
  return {
    page: query.page,
    nbItem: pageSize,
    orderBy: ORDER_OF_SORT[query.sort ?? defaultSort],
    ...(query.category ? { category: API_CATEGORY[query.category] } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(tags.length > 0 ? { tags: tags.join(',') } : {}),
  };
}

/** What the list's filters offer: its categories in their fixed order, its tags most used first. */
export interface CatalogueFacets {
  categories: (typeof CATALOGUE_CATEGORIES)[number][];
  tags: string[];
}

/** The API's facets (GET /product/facets) as the list's filters show them. */
export function catalogueFacets(facets: ProductFacets): CatalogueFacets {
  const present = new Set(facets.categories);
  return {
    categories: CATALOGUE_CATEGORIES.filter((category) =>
      present.has(API_CATEGORY[category.value]),
    ),
    tags: [...facets.tags]
      .sort((a, b) => b.count - a.count || collator.compare(a.tag, b.tag))
      .map(({ tag }) => tag),
  };
}

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

/** Lower case without accents: « rosé » finds « Rose » and « ROSÉ ». */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

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
