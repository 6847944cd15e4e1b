import { loadSiteShell, type SiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { findPageByRoute } from '../pages/page-tree';

/*
 * What the catalogue's two routes share (the list, catalogue-route.tsx; a product,
 * product-route.tsx). They live in separate modules so that each page's first load carries its
 * own island only: one module importing both islands gave both pages both (decision 0038).
 */

/** The tree page whose template is the product list gives the list its title and description. */
const PRODUCT_LIST_ROUTE = 'PRODUCT_LIST';
const DEFAULT_LIST_TITLE = 'Nos vins';

/** The site, when it sells online; every catalogue URL of any other site (or segment) is a 404. */
export async function loadShopSite(siteSegment: string): Promise<SiteShell | null> {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) return null;
  const shell = await loadSiteShell(siteId);
  return shell.info.isECommerce ? shell : null;
}

export function listPage(shell: SiteShell) {
  const page = findPageByRoute(shell.pages, PRODUCT_LIST_ROUTE);
  return { title: page?.title ?? DEFAULT_LIST_TITLE, description: page?.metaDescription ?? null };
}

export function sellerName(shell: SiteShell): string {
  return shell.parameters.text('COMPANY_NAME') ?? shell.info.name;
}

/** NUTRITIONAL_TABLE: the product page shows each vintage's nutrition declaration and ingredients. */
export function showsNutrition(shell: SiteShell): boolean {
  return shell.parameters.flag('NUTRITIONAL_TABLE');
}
