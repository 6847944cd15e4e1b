import { loadSiteShell, type SiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { findPageByRoute } from '../pages/page-tree';
import { DEFAULT_ALCOHOL_MESSAGE } from './shop-display';

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

/** The alcohol-prevention message, on winemaker sites only. */
export function alcoholMessage(shell: SiteShell): string | null {
  if (!shell.info.isWinemaker) return null;
  return shell.parameters.text('ALCOHOL_MESSAGE') ?? DEFAULT_ALCOHOL_MESSAGE;
}

/**
 * ETHYLOTEST_MESSAGE, shown beside the alcohol-prevention message wherever that one shows (the
 * list, a product page, the PDF sheet: decision 0102); winemaker sites only, nothing when unset.
 */
export function ethylotestMessage(shell: SiteShell): string | null {
  if (!shell.info.isWinemaker) return null;
  return shell.parameters.text('ETHYLOTEST_MESSAGE');
}

/** NUTRITIONAL_TABLE: the product page shows each vintage's nutrition declaration and ingredients. */
export function showsNutrition(shell: SiteShell): boolean {
  return shell.parameters.flag('NUTRITIONAL_TABLE');
}
