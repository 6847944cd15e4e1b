import { buildMenu, menuLabel, type PageNode } from '@comptoir/domain/page-tree';
import { CATALOGUE_PATH } from '../catalogue/catalogue-paths';
import { pageLink } from '../pages/page-link';
import { withoutHiddenPages } from '../pages/page-tree';

/** One entry of the site menu, as plain data the client menus can receive. */
export interface MenuEntry {
  id: number;
  label: string;
  href: string;
  external: boolean;
  children: MenuEntry[];
}

export interface SiteMenu {
  main: MenuEntry[];
  /** Pages fixed on the right of the top app bar, shown as a call to action. */
  fixedRight: MenuEntry[];
}

/** The tree page whose template is the product list: its entry leads to the catalogue. */
const PRODUCT_LIST_ROUTE = 'PRODUCT_LIST';

function toEntry(page: PageNode): MenuEntry {
  const { href, external } =
    page.cms.route === PRODUCT_LIST_ROUTE && page.link === null
      ? { href: CATALOGUE_PATH, external: false }
      : pageLink(page);
  return {
    id: page.id,
    label: menuLabel(page),
    href,
    external,
    children: page.children.map(toEntry),
  };
}

function withoutShopPages(tree: readonly PageNode[]): PageNode[] {
  return tree
    .filter((page) => !page.isEcommercePage)
    .map((page) => ({ ...page, children: withoutShopPages(page.children) }));
}

/**
 * The site menu (pages shown in the menu, in order), without the pages the site hides; the shop's
 * pages (catalogue, cart) only when the site sells online (site info isECommerce).
 */
export function siteMenu(
  tree: readonly PageNode[],
  options: { hideHomepage: boolean; hideContactPage: boolean; eCommerce?: boolean },
): SiteMenu {
  const shown = options.eCommerce === false ? withoutShopPages(tree) : tree;
  const visible = withoutHiddenPages(shown, options.hideContactPage);
  const { main, fixedRight } = buildMenu(visible, { hideHomepage: options.hideHomepage });
  return { main: main.map(toEntry), fixedRight: fixedRight.map(toEntry) };
}

function normalise(url: string): string {
  const path = url.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return path === '' ? '/' : path;
}

export function isCurrent(
  entry: Pick<MenuEntry, 'href' | 'external'>,
  currentUrl: string,
): boolean {
  return !entry.external && normalise(entry.href) === normalise(currentUrl);
}

/** The entry is the current page or one of its sub-entries is. */
export function isInCurrentTrail(entry: MenuEntry, currentUrl: string): boolean {
  return (
    isCurrent(entry, currentUrl) ||
    entry.children.some((child) => isInCurrentTrail(child, currentUrl))
  );
}
