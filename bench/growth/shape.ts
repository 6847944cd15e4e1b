/**
 * What the growth data set holds (issue 31, item 1; decision 0122), at a scale: 1 is the issue's
 * platform (1,000 sites of 100 products each, 200,000 customers, 1,000,000 orders, one site
 * holding 100,000 of them and 5,000 products); GROWTH_SCALE=0.01 is the quick test's.
 * Pure: the generator and its test read the same numbers.
 */

/** The large site is the demo wine shop itself, so the same requests run on both data sets. */
export const LARGE_SITE_ID = 92;
/** The generated sites are numbered from here on, clear of the demo sites and of created ones. */
export const FIRST_GROWTH_SITE_ID = 1000;
export const PRODUCTS_PER_SITE = 100;
export const DECLINATIONS_PER_PRODUCT = 2;
/** The large site's share of the customers, as of the orders (a tenth). */
export const LARGE_SITE_CUSTOMER_SHARE = 0.1;

export interface GrowthShape {
  scale: number;
  /** Generated sites, beside the two demo sites. */
  sites: number;
  productsPerSite: number;
  /** Generated products of the large site (beside its demo catalogue). */
  largeSiteProducts: number;
  /** Customer accounts, over all the sites. */
  customers: number;
  largeSiteCustomers: number;
  /** Orders, over all the sites (each with its lines, its mail and its status history). */
  orders: number;
  largeSiteOrders: number;
}

export function growthShape(scale: number): GrowthShape {
  if (!(Number.isFinite(scale) && scale > 0 && scale <= 1)) {
    throw new Error(`GROWTH_SCALE must be a number above 0 and at most 1 (not ${scale})`);
  }
  const sites = Math.max(2, Math.round(1000 * scale));
  const customers = Math.max(sites * 2 + 20, Math.round(200_000 * scale));
  const orders = Math.max(sites * 4 + 40, Math.round(1_000_000 * scale));
  return {
    scale,
    sites,
    productsPerSite: PRODUCTS_PER_SITE,
    largeSiteProducts: Math.max(20, Math.round(5000 * scale)),
    customers,
    largeSiteCustomers: Math.round(customers * LARGE_SITE_CUSTOMER_SHARE),
    orders,
    largeSiteOrders: Math.round(orders / 10),
  };
}

/** The storefront host of a generated site (its dev URL's host, as the bench sends it). */
export const growthHost = (siteId: number) => `site-${siteId}.localhost:3000`;

/** The scale of GROWTH_SCALE (1 when unset). */
export function scaleFromEnv(env: Record<string, string | undefined>): number {
  const text = env.GROWTH_SCALE?.trim();
  return text ? Number(text) : 1;
}
