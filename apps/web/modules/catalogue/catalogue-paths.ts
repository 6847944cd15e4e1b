/**
 * Where the catalogue lives on every e-commerce site (decision 0032): the list at /nos-vins, a
 * product at /nos-vins/<slug>-<id>. The id decides; the slug is there for people and search
 * engines, and a page reached with an outdated slug still shows the product (its canonical URL
 * names the current one).
 */
export const CATALOGUE_PATH = '/nos-vins';

export function productPath(product: { id: number; slug: string }): string {
  return `${CATALOGUE_PATH}/${product.slug}-${product.id}`;
}

/** 'anjou-blanc-les-schistes-12' → 12; null when the segment does not end with a product id. */
export function productIdFromSegment(segment: string): number | null {
  const match = /(?:^|-)([1-9]\d{0,9})$/.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2147483647 ? id : null;
}

/**
 * Where the storefront's server sends a filtered or sorted list (`/nos-vins?categorie=rouge`)
 * inside the app: `/nos-vins/vue/<query>`, the query in its canonical form as one path segment,
 * so that each filtered list is a cached page of its own, rendered with its products in the HTML
 * (decision 0100). Visitors never see this path: their address keeps its query string.
 */
export const CATALOGUE_VIEW_SEGMENT = 'vue';
