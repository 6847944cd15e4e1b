import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentLog } from '../../db/schema';

/** The cookie consent log's rows, always of one site. */
export function createConsentRepository(db: Db) {
  return {
    async record(
      siteId: number,
      entry: { choices: Record<string, boolean>; bannerVersion: string; addressHash: string },
      at: Date,
    ): Promise<void> {
      await db.insert(consentLog).values({ siteId, createdAt: at, ...entry });
    },

    async list(siteId: number) {
      return db
        .select()
        .from(consentLog)
        .where(and(eq(consentLog.siteId, siteId)))
        .orderBy(asc(consentLog.createdAt), asc(consentLog.id));
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
