import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import {
  getAwards,
  getELabel,
  getProduct,
  getProductCustomizations,
  getProducts,
  getRecommendedProducts,
  type Award,
  type Customization,
  type ELabel,
  type Product,
  type ProductSummary,
} from '@comptoir/contract/product';
import { siteApi } from '../api-client.server';
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

/** Every published product of the site, cheapest first: a site's catalogue is a few dozen wines. */
export async function listCatalogue(siteId: number): Promise<ProductSummary[]> {
  'use cache';
  tagCatalogueCache(siteId);
  const api = siteApi(siteId);
  const products: ProductSummary[] = [];
  for (let page = 1; ; page += 1) {
    const list = await api.call(getProducts, {
      query: { page, nbItem: LARGEST_PAGE, orderBy: 'price' },
    });
    products.push(...list.siteProducts);
    if (list.siteProducts.length === 0 || products.length >= list.total) break;
  }
  return products;
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
