import { describe, expect, it } from 'vitest';
import type { AdminPage } from '@comptoir/contract/admin-pages';
import {
  describePlace,
  flattenTree,
  indent,
  isRealMove,
  moveAmongSiblings,
  outdent,
  projectDrop,
} from './page-tree-model';

function page(id: number, idParent: number | null, order: number, title = `Page ${id}`): AdminPage {
  return {
    id,
    url: `/p${id}`,
    title,
    menuTitle: null,
    metaDescription: null,
    order,
    idParent,
    showInMenu: true,
    isFixedOnRight: false,
    link: null,
    cms: { isCmsPage: true, route: null },
    isEcommercePage: false,
    isCustomHeader: false,
    isCustomFooter: false,
    idPopup: null,
    blockCount: 0,
  };
}

// 1, 2 (with 21, 22), 3
const pages = [
  page(3, null, 2),
  page(1, null, 0),
  page(2, null, 1),
  page(22, 2, 1),
  page(21, 2, 0),
];

describe('flattenTree', () => {
  it('lists pages depth first in menu order, with their depth', () => {
    expect(flattenTree(pages).map((row) => [row.page.id, row.depth])).toEqual([
      [1, 0],
      [2, 0],
      [21, 1],
      [22, 1],
      [3, 0],
    ]);
  });

  it('lists a page whose parent is missing at the top level', () => {
    expect(flattenTree([page(5, 99, 0)]).map((row) => row.depth)).toEqual([0]);
  });
});

describe('keyboard moves', () => {
  it('moves a page up or down among its siblings, and not past either end', () => {
    expect(moveAmongSiblings(pages, 3, -1)).toEqual({ id: 3, idParent: null, position: 1 });
    expect(moveAmongSiblings(pages, 21, 1)).toEqual({ id: 21, idParent: 2, position: 1 });
    expect(moveAmongSiblings(pages, 1, -1)).toBeNull();
    expect(moveAmongSiblings(pages, 22, 1)).toBeNull();
  });

  it('indents a page under its previous sibling, last, and not a first sibling', () => {
    expect(indent(pages, 3)).toEqual({ id: 3, idParent: 2, position: 2 });
    expect(indent(pages, 1)).toBeNull();
  });

  it('outdents a sub-page right after its parent, and not a top-level page', () => {
    expect(outdent(pages, 21)).toEqual({ id: 21, idParent: null, position: 2 });
    expect(outdent(pages, 1)).toBeNull();
  });

  it('says where the page now is', () => {
    expect(describePlace(pages, { id: 21, idParent: 2, position: 1 })).toBe(
      '« Page 21 » est maintenant en position 2 sous « Page 2 ».',
    );
    expect(describePlace(pages, { id: 3, idParent: null, position: 0 })).toBe(
      '« Page 3 » est maintenant en position 1 du premier niveau du menu.',
    );
  });
});

describe('projectDrop', () => {
  const rows = flattenTree(pages);

  it('moves a page down past a subtree at its own depth, or into it when dragged to the right', () => {
    expect(projectDrop(rows, 1, 22, 0)).toEqual({ id: 1, idParent: null, position: 1 });
    expect(projectDrop(rows, 1, 22, 1)).toEqual({ id: 1, idParent: 2, position: 2 });
    expect(projectDrop(rows, 1, 3, 0)).toEqual({ id: 1, idParent: null, position: 2 });
  });

  it('moves a page up before another one', () => {
    expect(projectDrop(rows, 3, 1, 0)).toEqual({ id: 3, idParent: null, position: 0 });
  });

  it('nests a page when dragged to the right, and lifts it when dragged to the left', () => {
    expect(projectDrop(rows, 3, 3, 1)).toEqual({ id: 3, idParent: 2, position: 2 });
    expect(projectDrop(rows, 22, 22, -1)).toEqual({ id: 22, idParent: null, position: 2 });
  });

  it('keeps a page with its sub-pages and refuses a drop into its own subtree', () => {
    expect(projectDrop(rows, 2, 21, 0)).toBeNull();
    expect(projectDrop(rows, 2, 3, 0)).toEqual({ id: 2, idParent: null, position: 2 });
  });

  it('tells a real move from a drop where the page was', () => {
    expect(isRealMove(pages, { id: 2, idParent: null, position: 1 })).toBe(false);
    expect(isRealMove(pages, { id: 2, idParent: null, position: 2 })).toBe(true);
  });
});
