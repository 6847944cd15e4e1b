export interface PageNode {
  id: number;
  url: string;
  title: string;
  menuTitle: string | null;
  metaDescription: string | null;
  order: number;
  idParent: number | null;
  showInMenu: boolean;
  isFixedOnRight: boolean;
  link: { type: string; url: string | null; jsCode: string | null } | null;
  cms: { isCmsPage: boolean; route: string | null };
  isEcommercePage: boolean;
  isCustomHeader: boolean;
  isCustomFooter: boolean;
  children: PageNode[];
}

export type PageRow = Omit<PageNode, 'children'>;

function bySiblingOrder(first: PageRow, second: PageRow): number {
  return first.order - second.order || first.id - second.id;
}

/**
 * Nests pages under their parent, siblings sorted by order then id. A page whose parent is
 * missing becomes a root, and a parent link that would close a cycle is dropped, so that a bad
 * row never hides pages or makes a renderer loop forever.
 */
export function buildPageTree(rows: readonly PageRow[]): PageNode[] {
  const sortedRows = [...rows].sort(bySiblingOrder);
  const nodes = new Map<number, PageNode>();
  for (const row of sortedRows) {
    if (!nodes.has(row.id)) nodes.set(row.id, { ...row, children: [] });
  }

  const attachedParent = new Map<number, number>();
  const isAncestorOrSelf = (candidate: number, page: number): boolean => {
    for (let current: number | undefined = page; current !== undefined;) {
      if (current === candidate) return true;
      current = attachedParent.get(current);
    }
    return false;
  };
  for (const node of nodes.values()) {
    const parentId = node.idParent;
    if (parentId === null || !nodes.has(parentId)) continue;
    if (!isAncestorOrSelf(node.id, parentId)) attachedParent.set(node.id, parentId);
  }

  const roots: PageNode[] = [];
  for (const node of nodes.values()) {
    const parentId = attachedParent.get(node.id);
    const parent = parentId === undefined ? undefined : nodes.get(parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A page URL as the tree compares it: a leading slash, no trailing one ('/a/' is '/a'). */
export function normalizePageUrl(url: string): string {
  const path = url.replace(/\/+$/, '');
  if (path === '') return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

function isHomepage(page: PageNode): boolean {
  return normalizePageUrl(page.url) === '/';
}

function menuPages(pages: readonly PageNode[], hideHomepage: boolean): PageNode[] {
  return pages
    .filter((page) => page.showInMenu && !(hideHomepage && isHomepage(page)))
    .map((page) => ({ ...page, children: menuPages(page.children, hideHomepage) }));
}

/**
 * The menu entries of a page tree. Hidden pages take their sub-pages with them. Only top-level
 * pages can be fixed on the right; a sub-page stays in its parent's sub-menu.
 */
export function buildMenu(
  tree: readonly PageNode[],
  options: { hideHomepage: boolean },
): { main: PageNode[]; fixedRight: PageNode[] } {
  const pages = menuPages(tree, options.hideHomepage);
  return {
    main: pages.filter((page) => !page.isFixedOnRight),
    fixedRight: pages.filter((page) => page.isFixedOnRight),
  };
}

/** Finds a page anywhere in the tree; '/qui-sommes-nous/' finds '/qui-sommes-nous'. */
export function findPageByUrl(tree: readonly PageNode[], url: string): PageNode | undefined {
  const wanted = normalizePageUrl(url);
  const search = (pages: readonly PageNode[]): PageNode | undefined => {
    for (const page of pages) {
      if (normalizePageUrl(page.url) === wanted) return page;
      const found = search(page.children);
      if (found) return found;
    }
    return undefined;
  };
  return search(tree);
}

export function menuLabel(page: Pick<PageNode, 'title' | 'menuTitle'>): string {
  return page.menuTitle?.trim() ? page.menuTitle : page.title;
}
