import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageRedirects, pages } from '../../db/schema';
import { pageTreeColumns } from './page-repository';

export type PageRow = Omit<typeof pages.$inferSelect, 'blocks' | 'searchTitle' | 'searchBody'> & {
  blockCount: number;
};
export type NewPageRow = Omit<typeof pages.$inferInsert, 'id' | 'siteId'>;
export type PageFieldsRow = Pick<
  typeof pages.$inferInsert,
  | 'url'
  | 'title'
  | 'menuTitle'
  | 'metaDescription'
  | 'showInMenu'
  | 'isFixedOnRight'
  | 'linkType'
  | 'linkUrl'
  | 'linkJsCode'
  | 'isCustomHeader'
  | 'isCustomFooter'
>;

export interface RedirectRow {
  fromUrl: string;
  idPage: number;
  toUrl: string;
}

const rowColumns = {
  ...pageTreeColumns,
  blockCount: sql<number>`jsonb_array_length(${pages.blocks})::int`.mapWith(Number),
};

/** The back office's reads and writes of the page tree. Every method takes the site id and filters on it. */
function createPageQueries(db: Db) {
  const ofSite = (siteId: number, id: number) => and(eq(pages.siteId, siteId), eq(pages.id, id));

  return {
    /** Every page of the site, siblings by order then id. */
    async listPages(siteId: number): Promise<PageRow[]> {
      return db
        .select(rowColumns)
        .from(pages)
        .where(eq(pages.siteId, siteId))
        .orderBy(asc(pages.order), asc(pages.id));
    },

    async findPage(
      siteId: number,
      id: number,
    ): Promise<(PageRow & { blocks: unknown[] }) | undefined> {
      const [row] = await db
        .select({ ...rowColumns, blocks: pages.blocks })
        .from(pages)
        .where(ofSite(siteId, id));
      return row;
    },

    /** The page of this site at this URL, if any. */
    async pageAtUrl(siteId: number, url: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
      return row?.id;
    },

    async insertPage(siteId: number, page: NewPageRow): Promise<number> {
      const [row] = await db
        .insert(pages)
        .values({ ...page, siteId })
        .returning({ id: pages.id });
      return row!.id;
    },

    async updateFields(siteId: number, id: number, fields: PageFieldsRow): Promise<void> {
      await db.update(pages).set(fields).where(ofSite(siteId, id));
    },

    async setParent(siteId: number, id: number, idParent: number | null): Promise<void> {
      await db.update(pages).set({ idParent }).where(ofSite(siteId, id));
    },

    /** Numbers these sibling pages 0, 1, 2… in the given order. */
    async renumber(siteId: number, orderedIds: readonly number[]): Promise<void> {
      for (const [order, id] of orderedIds.entries()) {
        await db.update(pages).set({ order }).where(ofSite(siteId, id));
      }
    },

    async deletePage(siteId: number, id: number): Promise<void> {
      await db.delete(pages).where(ofSite(siteId, id));
    },

    async listRedirects(siteId: number): Promise<RedirectRow[]> {
      return db
        .select({ fromUrl: pageRedirects.fromUrl, idPage: pageRedirects.pageId, toUrl: pages.url })
        .from(pageRedirects)
        .innerJoin(
          pages,
          and(eq(pages.siteId, pageRedirects.siteId), eq(pages.id, pageRedirects.pageId)),
        )
        .where(eq(pageRedirects.siteId, siteId))
        .orderBy(asc(pageRedirects.fromUrl));
    },

    /** Sends this address to a page, replacing where it sent before. */
    async upsertRedirect(siteId: number, fromUrl: string, pageId: number): Promise<void> {
      await db
        .insert(pageRedirects)
        .values({ siteId, fromUrl, pageId })
        .onConflictDoUpdate({
          target: [pageRedirects.siteId, pageRedirects.fromUrl],
          set: { pageId, createdAt: new Date() },
        });
    },

    /** Redirects that led to one page now lead to another (the page is being deleted). */
    async retargetRedirects(siteId: number, fromPageId: number, toPageId: number): Promise<void> {
      await db
        .update(pageRedirects)
        .set({ pageId: toPageId })
        .where(and(eq(pageRedirects.siteId, siteId), eq(pageRedirects.pageId, fromPageId)));
    },

    /** A page now lives at these addresses: they redirect no more. */
    async dropRedirectsFrom(siteId: number, urls: readonly string[]): Promise<void> {
      if (urls.length === 0) return;
      await db
        .delete(pageRedirects)
        .where(and(eq(pageRedirects.siteId, siteId), inArray(pageRedirects.fromUrl, [...urls])));
    },
  };
}

export type PageQueries = ReturnType<typeof createPageQueries>;

/** The page queries, and `transaction` to run several of them (and the audit record) atomically. */
export function createAdminPagesRepository(db: Db) {
  return {
    ...createPageQueries(db),
    async transaction<T>(work: (queries: PageQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createPageQueries(tx), tx));
    },
  };
}

export type AdminPagesRepository = ReturnType<typeof createAdminPagesRepository>;
