import { findPageByUrl, type PageNode } from '@comptoir/domain/page-tree';

/** Built-in templates (cms.route) the shell itself needs to find. */
export const CONTACT_ROUTE = 'CONTACT';
/** The news page: its blocks, then the site's news with pages (decision 0100). */
export const NEWS_ROUTE = 'NEWS';
/** The legal pages linked from the footer, in the order they are listed. */
export const LEGAL_ROUTES = [
  'LEGAL_NOTICE',
  'USE_TERMS',
  'PRIVACY_POLICY',
  'COOKIE_POLICY',
  'SALE_TERMS',
] as const;

/** The account area; it sends a visitor who is not logged in to /auth and back. */
export const ACCOUNT_HREF = '/mon-compte';

export function flattenPages(tree: readonly PageNode[]): PageNode[] {
  return tree.flatMap((page) => [page, ...flattenPages(page.children)]);
}

export function findPageByRoute(tree: readonly PageNode[], route: string): PageNode | undefined {
  return flattenPages(tree).find((page) => page.cms.route === route);
}

export function legalPages(tree: readonly PageNode[]): PageNode[] {
  const pages = flattenPages(tree);
  return LEGAL_ROUTES.flatMap((route) => pages.filter((page) => page.cms.route === route));
}

/**
 * The contact page, or undefined when the site has none or hides it (HIDE_CONTACT_PAGE): a
 * hidden contact page leaves the menus and answers 404.
 */
export function visibleContactPage(
  tree: readonly PageNode[],
  hideContactPage: boolean,
): PageNode | undefined {
  return hideContactPage ? undefined : findPageByRoute(tree, CONTACT_ROUTE);
}

export function isHiddenPage(page: PageNode, hideContactPage: boolean): boolean {
  return hideContactPage && page.cms.route === CONTACT_ROUTE;
}

/** The tree without the pages the site hides. */
export function withoutHiddenPages(
  tree: readonly PageNode[],
  hideContactPage: boolean,
): PageNode[] {
  return tree
    .filter((page) => !isHiddenPage(page, hideContactPage))
    .map((page) => ({ ...page, children: withoutHiddenPages(page.children, hideContactPage) }));
}

/** The URL of the catch-all route's segments: ['conseil-en-image', 'notre-approche'] → '/conseil-en-image/notre-approche'. */
export function urlFromSegments(segments: readonly string[] | undefined): string {
  if (!segments || segments.length === 0) return '/';
  return `/${segments.map(safeDecode).join('/')}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The pages from the root down to this one (the breadcrumb), this one included. */
export function pageTrail(tree: readonly PageNode[], page: PageNode): PageNode[] {
  const trail: PageNode[] = [page];
  const seen = new Set([page.id]);
  let parentId = page.idParent;
  const all = flattenPages(tree);
  while (parentId !== null) {
    const parent = all.find((candidate) => candidate.id === parentId);
    if (!parent || seen.has(parent.id)) break;
    trail.unshift(parent);
    seen.add(parent.id);
    parentId = parent.idParent;
  }
  return trail;
}

export function homePage(tree: readonly PageNode[]): PageNode | undefined {
  return findPageByUrl(tree, '/');
}
