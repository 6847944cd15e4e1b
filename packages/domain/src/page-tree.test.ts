import { describe, expect, it } from 'vitest';
import {
  buildMenu,
  buildPageTree,
  findPageByUrl,
  menuLabel,
  type PageNode,
  type PageRow,
} from './page-tree';

function page(id: number, overrides: Partial<PageRow> = {}): PageRow {
  return {
    id,
    url: `/page-${id}`,
    title: `Page ${id}`,
    menuTitle: null,
    metaDescription: null,
    order: id,
    idParent: null,
    showInMenu: true,
    isFixedOnRight: false,
    link: null,
    cms: { isCmsPage: true, route: null },
    isEcommercePage: false,
    isCustomHeader: false,
    isCustomFooter: false,
    ...overrides,
  };
}

function ids(pages: readonly PageNode[]): unknown[] {
  return pages.map((node) => (node.children.length ? [node.id, ids(node.children)] : node.id));
}

function countNodes(pages: readonly PageNode[]): number {
  return pages.reduce((total, node) => total + 1 + countNodes(node.children), 0);
}

const salonRows: PageRow[] = [
  page(1, { url: '/', title: 'Accueil', order: 0 }),
  page(2, { url: '/qui-sommes-nous', title: 'Qui sommes-nous ?', order: 1 }),
  page(3, { url: '/conseil-en-image', title: 'Conseil en image', order: 2 }),
  page(4, { url: '/conseil-en-image/notre-approche', order: 1, idParent: 3 }),
  page(5, { url: '/conseil-en-image/pour-les-particuliers', order: 2, idParent: 3 }),
  page(6, { url: '/conseil-en-image/formation-conseil-en-image', order: 3, idParent: 3 }),
  page(7, { url: '/nous-contacter', title: 'Contact', order: 4, isFixedOnRight: true }),
  page(8, { url: '/legal-notice', title: 'Mentions légales', order: 5, showInMenu: false }),
];

describe('buildPageTree', () => {
  it('nests pages under their parent', () => {
    expect(ids(buildPageTree(salonRows))).toEqual([1, 2, [3, [4, 5, 6]], 7, 8]);
  });

  it('sorts siblings by order, then by id when orders are equal', () => {
    const rows = [
      page(10, { order: 2 }),
      page(11, { order: 1 }),
      page(13, { order: 1 }),
      page(12, { order: 1 }),
      page(20, { order: 3, idParent: 11 }),
      page(21, { order: 0, idParent: 11 }),
    ];
    expect(ids(buildPageTree(rows))).toEqual([[11, [21, 20]], 12, 13, 10]);
  });

  it('nests several levels deep whatever the order of the rows', () => {
    const rows = [page(3, { idParent: 2 }), page(2, { idParent: 1 }), page(1)];
    expect(ids(buildPageTree(rows))).toEqual([[1, [[2, [3]]]]]);
  });

  it('makes a page whose parent is missing a root', () => {
    const rows = [page(1), page(2, { idParent: 99, order: 0 })];
    expect(ids(buildPageTree(rows))).toEqual([2, 1]);
  });

  it('makes a page that is its own parent a root', () => {
    expect(ids(buildPageTree([page(1, { idParent: 1 })]))).toEqual([1]);
  });

  it('breaks a cycle of parents instead of losing its pages or looping', () => {
    const rows = [
      page(1, { idParent: 3, order: 1 }),
      page(2, { idParent: 1, order: 2 }),
      page(3, { idParent: 2, order: 3 }),
      page(4),
    ];
    const tree = buildPageTree(rows);
    expect(countNodes(tree)).toBe(4);
    expect(ids(tree)).toEqual([[3, [[1, [2]]]], 4]);
  });

  it('keeps one page per id when rows are duplicated', () => {
    const tree = buildPageTree([page(1, { title: 'Premier' }), page(1, { title: 'Doublon' })]);
    expect(tree).toHaveLength(1);
  });

  it('does not modify the rows it is given', () => {
    const rows = [page(1), page(2, { idParent: 1 })];
    const copy = structuredClone(rows);
    buildPageTree(rows);
    expect(rows).toEqual(copy);
  });

  it('returns an empty tree for no rows', () => {
    expect(buildPageTree([])).toEqual([]);
  });

  it('keeps every field of a page', () => {
    const row = page(1, {
      menuTitle: 'Salon',
      metaDescription: 'Salon de coiffure',
      link: { type: 'EXTERNAL', url: 'https://example.fr', jsCode: null },
      cms: { isCmsPage: false, route: 'salon' },
      isEcommercePage: true,
      isCustomHeader: true,
      isCustomFooter: true,
    });
    expect(buildPageTree([row])).toEqual([{ ...row, children: [] }]);
  });
});

describe('buildMenu', () => {
  const tree = buildPageTree(salonRows);

  it('keeps only pages shown in the menu and puts the right-fixed ones apart', () => {
    const menu = buildMenu(tree, { hideHomepage: false });
    expect(ids(menu.main)).toEqual([1, 2, [3, [4, 5, 6]]]);
    expect(ids(menu.fixedRight)).toEqual([7]);
  });

  it('drops the homepage when the site hides it', () => {
    expect(ids(buildMenu(tree, { hideHomepage: true }).main)).toEqual([2, [3, [4, 5, 6]]]);
  });

  it('recognises the homepage with a trailing slash or an empty url', () => {
    const rows = [page(1, { url: '//' }), page(2, { url: '' }), page(3)];
    expect(ids(buildMenu(buildPageTree(rows), { hideHomepage: true }).main)).toEqual([3]);
  });

  it('filters hidden sub-pages out of sub-menus', () => {
    const rows = [page(1), page(2, { idParent: 1 }), page(3, { idParent: 1, showInMenu: false })];
    expect(ids(buildMenu(buildPageTree(rows), { hideHomepage: false }).main)).toEqual([[1, [2]]]);
  });

  it('hides the sub-pages of a page hidden from the menu', () => {
    const rows = [page(1, { showInMenu: false }), page(2, { idParent: 1 })];
    expect(buildMenu(buildPageTree(rows), { hideHomepage: false }).main).toEqual([]);
  });

  it('keeps a right-fixed sub-page in its parent sub-menu', () => {
    const rows = [page(1), page(2, { idParent: 1, isFixedOnRight: true })];
    const menu = buildMenu(buildPageTree(rows), { hideHomepage: false });
    expect(ids(menu.main)).toEqual([[1, [2]]]);
    expect(menu.fixedRight).toEqual([]);
  });

  it('leaves the page tree untouched', () => {
    const rows = [page(1), page(2, { idParent: 1, showInMenu: false })];
    const pageTree = buildPageTree(rows);
    buildMenu(pageTree, { hideHomepage: true });
    expect(ids(pageTree)).toEqual([[1, [2]]]);
  });
});

describe('findPageByUrl', () => {
  const tree = buildPageTree(salonRows);

  it('finds a top-level page and a nested page', () => {
    expect(findPageByUrl(tree, '/qui-sommes-nous')?.id).toBe(2);
    expect(findPageByUrl(tree, '/conseil-en-image/pour-les-particuliers')?.id).toBe(5);
  });

  it('ignores a trailing slash on either side', () => {
    expect(findPageByUrl(tree, '/qui-sommes-nous/')?.id).toBe(2);
    const rows = [page(1, { url: '/salon/' })];
    expect(findPageByUrl(buildPageTree(rows), '/salon')?.id).toBe(1);
  });

  it('finds the homepage from "/" or an empty path', () => {
    expect(findPageByUrl(tree, '/')?.id).toBe(1);
    expect(findPageByUrl(tree, '')?.id).toBe(1);
  });

  it('finds pages hidden from the menu', () => {
    expect(findPageByUrl(tree, '/legal-notice')?.id).toBe(8);
  });

  it('returns undefined for an unknown url', () => {
    expect(findPageByUrl(tree, '/inconnue')).toBeUndefined();
    expect(findPageByUrl(tree, '/conseil-en-image/notre')).toBeUndefined();
  });
});

describe('menuLabel', () => {
  it('prefers the menu title', () => {
    expect(menuLabel({ title: 'Qui sommes-nous ?', menuTitle: 'Le salon' })).toBe('Le salon');
  });

  it('falls back to the title when the menu title is missing or blank', () => {
    expect(menuLabel({ title: 'Contact', menuTitle: null })).toBe('Contact');
    expect(menuLabel({ title: 'Contact', menuTitle: '' })).toBe('Contact');
    expect(menuLabel({ title: 'Contact', menuTitle: '   ' })).toBe('Contact');
  });
});
