import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageLayouts, pages } from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';

export type PageLayoutRecord = typeof pageLayouts.$inferSelect;

/** The layouts' previews of the site's pages: which HTML they were drawn from, and the image. */
export function createAdminLayoutsRepository(db: Db) {
  const layoutOf = (siteId: number, pageId: number, layoutId: number) =>
    and(
      eq(pageLayouts.siteId, siteId),
      eq(pageLayouts.pageId, pageId),
      eq(pageLayouts.layoutId, layoutId),
    );

  return {
    async pageExists(siteId: number, pageId: number): Promise<boolean> {
      const [page] = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), eq(pages.id, pageId)))
        .limit(1);
      return page !== undefined;
    },

    async findLayout(
      siteId: number,
      pageId: number,
      layoutId: number,
    ): Promise<PageLayoutRecord | null> {
      const [layout] = await db
        .select()
        .from(pageLayouts)
        .where(layoutOf(siteId, pageId, layoutId))
        .limit(1);
      return layout ?? null;
    },

    /**
     * Records the layout's new preview and HTML hash; answers the preview key it replaced, if
     * any, for the caller to delete once the new one is stored.
     */
    async savePreview(
      siteId: number,
      pageId: number,
      layoutId: number,
      htmlHash: string,
      previewKey: string,
      actor: AuditActor,
    ): Promise<{ previousKey: string | null; updatedAt: Date }> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({
            previewKey: pageLayouts.previewKey,
            htmlHash: pageLayouts.htmlHash,
            updatedAt: pageLayouts.updatedAt,
          })
          .from(pageLayouts)
          .where(layoutOf(siteId, pageId, layoutId))
          .for('update');
        const updatedAt = new Date();
        await tx
          .insert(pageLayouts)
          .values({ siteId, pageId, layoutId, htmlHash, previewKey, updatedAt })
          .onConflictDoUpdate({
            target: [pageLayouts.siteId, pageLayouts.pageId, pageLayouts.layoutId],
            set: { htmlHash, previewKey, updatedAt },
          });
        const [page] = await tx
          .select({ title: pages.title })
          .from(pages)
          .where(and(eq(pages.siteId, siteId), eq(pages.id, pageId)));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'publish',
          entityType: 'page-layout',
          entityId: `${pageId}/${layoutId}`,
          summary: `Aperçu de la mise en page ${layoutId} de la page « ${page?.title ?? pageId} » publié`,
          before: previous ?? null,
          after: { htmlHash, previewKey, updatedAt },
        });
        return { previousKey: previous?.previewKey ?? null, updatedAt };
      });
    },
  };
}

export type AdminLayoutsRepository = ReturnType<typeof createAdminLayoutsRepository>;
