import { buildMenu, menuLabel, type PageNode } from '@comptoir/domain/page-tree';
import type { PageCard } from './page-cards';
import { pageLink } from './page-link';
import { withoutHiddenPages } from './page-tree';

function toCard(page: PageNode): PageCard {
  const { href, external } = pageLink(page);
  return { id: page.id, title: menuLabel(page), description: page.metaDescription, href, external };
}

/** The top-level menu pages other than the home page, in menu order, the call-to-action last. */
export function homeCards(tree: readonly PageNode[], hideContactPage: boolean): PageCard[] {
  const { main, fixedRight } = buildMenu(withoutHiddenPages(tree, hideContactPage), {
    hideHomepage: true,
  });
  return [...main, ...fixedRight].map(toCard);
}

/** The sub-pages of a page that appear in the menu. */
export function childCards(page: PageNode, hideContactPage: boolean): PageCard[] {
  return withoutHiddenPages(page.children, hideContactPage)
    .filter((child) => child.showInMenu)
    .map(toCard);
}
