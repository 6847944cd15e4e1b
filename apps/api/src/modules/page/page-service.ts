import type { FastifyBaseLogger } from 'fastify';
import type { Page, PageDetail } from '@comptoir/contract/page';
import { parsePageBlocks, type PageBlock } from '@comptoir/contract/page-blocks';
import { buildPageTree, type PageNode, type PageRow } from '@comptoir/domain/page-tree';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import type { PageRepository, PageTreeRecord } from './page-repository';

/** The tree keeps each row's own fields, so the popup a page opens reaches the contract's page. */
function toPageRow(record: PageTreeRecord): PageRow & { idPopup: number | null } {
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

/**
 * The blocks of a page that match their schema, defaults applied. A block that does not (an
 * unknown type, a missing field, an old shape) is left out and logged with where it is, so that
 * one wrong block never breaks a page and the site's administrator can be told which to fix.
 */
function validBlocks(
  stored: unknown,
  pageId: number,
  siteId: number,
  log: FastifyBaseLogger,
): PageBlock[] {
  if (!Array.isArray(stored)) {
    log.warn({ siteId, pageId }, `Page ${pageId}: its stored content is not a list of blocks`);
    return [];
  }
  const { blocks, skipped } = parsePageBlocks(stored);
  for (const block of skipped) {
    log.warn(
      { siteId, pageId, index: block.index, type: block.type, reason: block.reason },
      `Page ${pageId}: skipped block ${block.index} (${block.type ?? 'no type'})`,
    );
  }
  return blocks;
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

    /**
     * One page of this site with its children and its valid blocks; another site's page id is
     * simply not found.
     */
    async getPage(siteId: number, id: number, log: FastifyBaseLogger): Promise<PageDetail> {
      const page = findById(await tree(siteId), id);
      const stored = page ? await repository.findBlocks(siteId, id) : null;
      if (!page || stored === null) throw new HttpError(404, `Page ${id} not found.`);
      return { ...(page as Page), blocks: validBlocks(stored, id, siteId, log) };
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
