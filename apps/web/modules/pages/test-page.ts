import type { Page } from '@comptoir/contract/page';

/** A page of the tree for unit tests: a visible CMS page unless `extra` says otherwise. */
export function testPage(id: number, url: string, extra: Partial<Page> = {}): Page {
  return {
    id,
    url,
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
    children: [],
    ...extra,
  };
}
