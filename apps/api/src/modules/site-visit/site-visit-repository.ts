import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteVisits } from '../../db/schema';

export function createSiteVisitRepository(db: Db) {
  return {
    async insert(siteId: number, source: string): Promise<void> {
      await db.insert(siteVisits).values({ siteId, source });
    },

    async countBySource(siteId: number, source: string): Promise<number> {
      const [counted] = await db
        .select({ visits: count() })
        .from(siteVisits)
        .where(and(eq(siteVisits.siteId, siteId), eq(siteVisits.source, source)));
      return counted?.visits ?? 0;
    },
  };
}

export type SiteVisitRepository = ReturnType<typeof createSiteVisitRepository>;
