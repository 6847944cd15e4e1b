import type { Page } from '@comptoir/contract/page';
import { buildPageTree, type PageNode, type PageRow } from '@comptoir/domain/page-tree';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import type { PageRecord, PageRepository } from './page-repository';

/** The tree keeps each row's own fields, so the popup a page opens reaches the contract's page. */
function toPageRow(record: PageRecord): PageRow & { idPopup: number | null } {
  return {
    id: record.id,
    url: record.url,
    title: record.title,
    menuTitle: record.menuTitle,
    metaDescription: record.metaDescription,
    order: record.order,
    idParent: record.idParent,
    showInMenu: record.showInMenu,
    isFixedOnRight: record.isFixedOnRight,
    link: record.linkType
      ? { type: record.linkType, url: record.linkUrl, jsCode: record.linkJsCode }
      : null,
    cms: { isCmsPage: record.isCmsPage, route: record.cmsRoute },
    isEcommercePage: record.isEcommercePage,
    isCustomHeader: record.isCustomHeader,
    isCustomFooter: record.isCustomFooter,
    idPopup: record.idPopup,
  };
}

function findById(nodes: readonly PageNode[], id: number): PageNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findById(node.children, id);
    if (found) return found;
  }
  return undefined;
}

export function createPageService(repository: PageRepository, cache: SiteCache) {
  const tree = (siteId: number) =>
    cache.get(
      siteId,
      'page-tree',
      async () =>
        // Link types come from a database enum with the contract's values.
        buildPageTree((await repository.listBySite(siteId)).map(toPageRow)) as Page[],
    );

  return {
    getTree: tree,

    /** One page of this site with its children; another site's page id is simply not found. */
    async getPage(siteId: number, id: number): Promise<Page> {
      const page = findById(await tree(siteId), id);
      if (!page) throw new HttpError(404, `Page ${id} not found.`);
      return page as Page;
    },
  };
}
