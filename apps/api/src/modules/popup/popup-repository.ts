import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { popups } from '../../db/schema';

export function createPopupRepository(db: Db) {
  return {
    async findById(siteId: number, id: number) {
      const [popup] = await db
        .select({
          id: popups.id,
          title: popups.title,
          html: popups.html,
          showOnEveryReload: popups.showOnEveryReload,
          rememberClosedDays: popups.rememberClosedDays,
        })
        .from(popups)
        .where(and(eq(popups.siteId, siteId), eq(popups.id, id)));
      return popup;
    },
  };
}

export type PopupRepository = ReturnType<typeof createPopupRepository>;
