import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages } from '../../db/schema';

/** A page as the routes read it; the site search's folded words (decision 0098) are never read here. */
export type PageRecord = Omit<typeof pages.$inferSelect, 'searchTitle' | 'searchBody'>;
/** A tree row: every column but the content, which only a page's own route reads. */
export type PageTreeRecord = Omit<PageRecord, 'blocks'>;

/** The columns of a tree row (every column but the content); the back office's page list reads them too. */
export const pageTreeColumns = {
  id: pages.id,
  siteId: pages.siteId,
  url: pages.url,
  title: pages.title,
  menuTitle: pages.menuTitle,
  metaDescription: pages.metaDescription,
  order: pages.order,
  idParent: pages.idParent,
  showInMenu: pages.showInMenu,
  isFixedOnRight: pages.isFixedOnRight,
  linkType: pages.linkType,
  linkUrl: pages.linkUrl,
  linkJsCode: pages.linkJsCode,
  isCmsPage: pages.isCmsPage,
  cmsRoute: pages.cmsRoute,
  isEcommercePage: pages.isEcommercePage,
  isCustomHeader: pages.isCustomHeader,
  isCustomFooter: pages.isCustomFooter,
  idPopup: pages.idPopup,
};

export function createPageRepository(db: Db) {
  return {
    async listBySite(siteId: number): Promise<PageTreeRecord[]> {
      return db
        .select(pageTreeColumns)
        .from(pages)
        .where(eq(pages.siteId, siteId))
        .orderBy(asc(pages.order), asc(pages.id));
    },

    /** The stored blocks of one page of this site, as written (null when the site has no such page). */
    async findBlocks(siteId: number, id: number): Promise<unknown[] | null> {
      const [row] = await db
        .select({ blocks: pages.blocks })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), eq(pages.id, id)));
      return row ? row.blocks : null;
    },
  };
}

export type PageRepository = ReturnType<typeof createPageRepository>;
