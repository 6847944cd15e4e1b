import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pages } from '../../db/schema';

export type PageRecord = typeof pages.$inferSelect;

export function createPageRepository(db: Db) {
  return {
    async listBySite(siteId: number): Promise<PageRecord[]> {
      return db
        .select()
        .from(pages)
        .where(eq(pages.siteId, siteId))
        .orderBy(asc(pages.order), asc(pages.id));
    },
  };
}

export type PageRepository = ReturnType<typeof createPageRepository>;
