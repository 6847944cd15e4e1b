import type { AdminPage } from '@comptoir/contract/admin-pages';

/** A page of the tree as the editor lists it: in menu order, with its depth. */
export interface TreeRow {
  page: AdminPage;
  depth: number;
}

/** A move the API understands: the new parent and the position among its children. */
export interface TreeMove {
  id: number;
  idParent: number | null;
  position: number;
}

function childrenOf(pages: readonly AdminPage[], idParent: number | null): AdminPage[] {
  return pages
    .filter((page) => page.idParent === idParent)
    .sort((first, second) => first.order - second.order || first.id - second.id);
}

/** The tree flattened depth first, each page after its parent and its previous siblings' subtrees. */
export function flattenTree(pages: readonly AdminPage[]): TreeRow[] {
  const known = new Set(pages.map((page) => page.id));
  const rows: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (idParent: number | null, depth: number) => {
    for (const page of childrenOf(pages, idParent)) {
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      rows.push({ page, depth });
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  // A page whose parent is missing is listed at the top level, like the storefront does.
  for (const page of pages) {
    if (!seen.has(page.id) && (page.idParent === null || !known.has(page.idParent))) {
      seen.add(page.id);
      rows.push({ page, depth: 0 });
      walk(page.id, 1);
    }
  }
  return rows;
}

function siblings(pages: readonly AdminPage[], page: AdminPage): AdminPage[] {
  return childrenOf(pages, page.idParent);
}

/** Up or down among its siblings; null at the end of the list. */
export function moveAmongSiblings(
  pages: readonly AdminPage[],
  id: number,
  direction: -1 | 1,
): TreeMove | null {
  const page = pages.find((candidate) => candidate.id === id);
  if (!page) return null;
  const list = siblings(pages, page);
  const position = list.findIndex((candidate) => candidate.id === id) + direction;
  if (position < 0 || position >= list.length) return null;
  return { id, idParent: page.idParent, position };
}

/** Under the previous sibling, as its last sub-page; null for a first sibling. */
export function indent(pages: readonly AdminPage[], id: number): TreeMove | null {
  const page = pages.find((candidate) => candidate.id === id);
  if (!page) return null;
  const list = siblings(pages, page);
  const index = list.findIndex((candidate) => candidate.id === id);
  const previous = list[index - 1];
  if (!previous) return null;
  return { id, idParent: previous.id, position: childrenOf(pages, previous.id).length };
}

/** Out of its parent, right after it; null at the top level. */
export function outdent(pages: readonly AdminPage[], id: number): TreeMove | null {
  const page = pages.find((candidate) => candidate.id === id);
  const parent = page && pages.find((candidate) => candidate.id === page.idParent);
  if (!page || !parent) return null;
  const list = siblings(pages, parent);
  return {
    id,
    idParent: parent.idParent,
    position: list.findIndex((candidate) => candidate.id === parent.id) + 1,
  };
}

/**
 * Where a dragged row lands: the flattened list with the row moved to `overIndex`, at the depth
 * the pointer asks for (its horizontal offset in steps of one indentation) within what the rows
 * around it allow — at most one deeper than the row above, at least as deep as the row below.
 * The dragged row's own sub-pages move with it, so they are left out of the candidates.
 */
export function projectDrop(
  rows: readonly TreeRow[],
  activeId: number,
  overId: number,
  depthOffset: number,
): TreeMove | null {
  const activeIndex = rows.findIndex((row) => row.page.id === activeId);
  const overIndex = rows.findIndex((row) => row.page.id === overId);
  if (activeIndex < 0 || overIndex < 0) return null;
  const active = rows[activeIndex]!;
  // The dragged subtree: the row and the rows after it that are deeper.
  let subtreeEnd = activeIndex + 1;
  while (subtreeEnd < rows.length && rows[subtreeEnd]!.depth > active.depth) subtreeEnd += 1;
  const subtree = new Set(rows.slice(activeIndex, subtreeEnd).map((row) => row.page.id));
  if (subtree.has(overId) && overId !== activeId) return null;

  const others = rows.filter((row) => !subtree.has(row.page.id));
  const overInOthers = others.findIndex((row) => row.page.id === overId);
  // Like a sortable list: a row dropped on a later row goes after it, on an earlier one before it.
  const at =
    overId === activeId ? activeIndex : overIndex > activeIndex ? overInOthers + 1 : overInOthers;
  const above = others[at - 1];
  const below = others[at];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.max(minDepth, Math.min(maxDepth, active.depth + depthOffset));

  // The parent is the nearest row above at depth - 1; the position counts its children above.
  let idParent: number | null = null;
  let position = 0;
  for (let index = at - 1; index >= 0; index -= 1) {
    const row = others[index]!;
    if (row.depth === depth) position += 1;
    if (row.depth < depth) {
      idParent = row.page.id;
      break;
    }
  }
  return { id: activeId, idParent, position };
}

/** Whether a move changes anything. */
export function isRealMove(pages: readonly AdminPage[], move: TreeMove): boolean {
  const page = pages.find((candidate) => candidate.id === move.id);
  if (!page) return false;
  if (page.idParent !== move.idParent) return true;
  return siblings(pages, page).findIndex((candidate) => candidate.id === move.id) !== move.position;
}

/** The French words for where a page now is, for the screen reader's announcement. */
export function describePlace(pages: readonly AdminPage[], move: TreeMove): string {
  const page = pages.find((candidate) => candidate.id === move.id);
  const parent = pages.find((candidate) => candidate.id === move.idParent);
  const title = page?.title ?? 'La page';
  return `« ${title} » est maintenant en position ${move.position + 1} ${
    parent ? `sous « ${parent.title} »` : 'du premier niveau du menu'
  }.`;
}
