import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import {
  getAwards,
  getELabel,
  getProduct,
  getProductCustomizations,
  getProductFacets,
  getProducts,
  getRecommendedProducts,
  type Award,
  type Customization,
  type ELabel,
  type Product,
  type ProductSummary,
} from '@comptoir/contract/product';
import { siteApi } from '../api-client.server';
import {
  CATALOGUE_PAGE_SIZE,
  catalogueApiQuery,
  catalogueFacets,
  parseCatalogueQuery,
  type CatalogueFacets,
  type CatalogueSort,
} from '../../modules/catalogue/catalogue-filter';
import { siteCacheTags } from './cache-tags';

/*
 * The catalogue's reads, cached per site under one tag (site:<id>:catalogue): a change of a
 * product, a price or a stock revalidates the list and every product page of that site at once.
 */

/** The largest page GET /product serves (pagingQuerySchema's nbItem maximum). */
const LARGEST_PAGE = 1000;

/**
 * Inside a 'use cache' function: the catalogue's life and tag (not a React hook). Minutes, not
 * days like the content (decision 0030): stock changes without an admin write, and until the
 * writes that change it (orders, the back office) revalidate this tag, a sold-out wine must
 * still show within minutes.
 */
function tagCatalogueCache(siteId: number) {
  cacheLife('minutes');
  cacheTag(siteCacheTags.catalogue(siteId));
}

/**
 * The links of every published product (the sitemap): fetched a large page at a time and kept as
 * id and slug only, so that even a catalogue of thousands stays a small cache entry.
 */
export async function listCatalogueLinks(
  siteId: number,
): Promise<{ id: number; slug: string }[]> {
  'use cache';
  tagCatalogueCache(siteId);
  const api = siteApi(siteId);
  const links: { id: number; slug: string }[] = [];
  for (let page = 1; ; page += 1) {
    const list = await api.call(getProducts, {
      query: { page, nbItem: LARGEST_PAGE, orderBy: 'price' },
    });
    links.push(...list.siteProducts.map(({ id, slug }) => ({ id, slug })));
    if (list.siteProducts.length === 0 || links.length >= list.total) break;
  }
  return links;
}

/** One page of the wine list as the API filtered, sorted and paged it (decision 0128). */
export interface CataloguePage {
  /** The cards of the page shown, in the list's order. */
  products: ProductSummary[];
  /** Products matching the filters, all pages together. */
  total: number;
  pageCount: number;
  /** The page shown: the one asked for, brought back within 1..pageCount. */
  page: number;
}

/**
 * The page of the list a query string asks for (`search`, read leniently), in the site's own
 * order when it names none: one request to GET /product for that page only, a second one when
 * the page asked for is past the last (the last page is shown, as the list always did).
 */
export async function listCataloguePage(
  siteId: number,
  search: string,
  defaultSort: CatalogueSort,
): Promise<CataloguePage> {
  'use cache';
  tagCatalogueCache(siteId);
  const pageSize = CATALOGUE_PAGE_SIZE;
  const query = parseCatalogueQuery(search);
  const apiQuery = catalogueApiQuery(query, { pageSize, defaultSort });
  if (apiQuery === null) return { products: [], total: 0, pageCount: 1, page: 1 };
  const api = siteApi(siteId);
  let list = await api.call(getProducts, { query: apiQuery });
  const pageCount = Math.max(1, Math.ceil(list.total / pageSize));
  const page = Math.min(query.page, pageCount);
  if (page !== query.page) {
    list = await api.call(getProducts, { query: { ...apiQuery, page } });
  }
  return { products: list.siteProducts, total: list.total, pageCount, page };
}

/** The categories and tags the list's filters offer, counted by the API. */
export async function getCatalogueFacets(siteId: number): Promise<CatalogueFacets> {
  'use cache';
  tagCatalogueCache(siteId);
  return catalogueFacets(await siteApi(siteId).call(getProductFacets));
}

export interface ProductPageData {
  product: Product;
  awards: Award[];
  recommended: ProductSummary[];
  /** The questions asked before it goes into the cart, in order (most products have none). */
  customizations: Customization[];
}

/**
 * A published product with its awards, recommendations and customizations; null when the site
 * has no such product.
 */
export async function getProductPage(
  siteId: number,
  productId: number,
): Promise<ProductPageData | null> {
  'use cache';
  tagCatalogueCache(siteId);
  const api = siteApi(siteId);
  try {
    const [product, awards, recommended, customizations] = await Promise.all([
      api.call(getProduct, { params: { id: productId } }),
      api.call(getAwards, { query: { product: productId } }),
      api.call(getRecommendedProducts, { params: { id: productId } }),
      api.call(getProductCustomizations, { params: { id: productId } }),
    ]);
    return { product, awards, recommended: recommended.products, customizations };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A published vintage's e-label (decision 0109); null when the site has no such label. */
export async function getELabelData(siteId: number, declinationId: number): Promise<ELabel | null> {
  'use cache';
  tagCatalogueCache(siteId);
  try {
    return await siteApi(siteId).call(getELabel, { params: { declinationId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
