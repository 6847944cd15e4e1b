import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createAdminPopup, deleteAdminPopup, listAdminPopups, POPUP_NOT_FOUND_MESSAGE, POPUP_PAGE_NOT_FOUND_MESSAGE, updateAdminPopup, type AdminPopup, type PopupInput } from '@comptoir/contract/admin-popups';
import type { Db } from '../../db/client';
import { pages, popups } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { SiteCache } from '../../lib/site-cache';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { SiteContentGroup, StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import { registerAdminScope } from '../user';
import { adminActor, type AuditActor } from '../audit';
import { recordAudit } from '../audit';

/*
 * The back office's popups. A popup's text and rules are read by the storefront under the
 * `popups` tag; which page opens it is a field of the page (`pages.id_popup`), read with the
 * page tree under `pages`. Each write refreshes the one or both it changed.
 */

const popupColumns = {
  id: popups.id,
  title: popups.title,
  html: popups.html,
  showOnEveryReload: popups.showOnEveryReload,
  rememberClosedDays: popups.rememberClosedDays,
};

export function createPopupAdmin(
  db: Db,
  { siteCache, storefront }: { siteCache: SiteCache; storefront: StorefrontRevalidation },
) {
  const ofSite = (siteId: number, id: number) => and(eq(popups.siteId, siteId), eq(popups.id, id));

  async function pageIdsOf(queries: Db, siteId: number, popupId: number): Promise<number[]> {
    const rows = await queries
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.idPopup, popupId)))
      .orderBy(asc(pages.id));
    return rows.map((row) => row.id);
  }

  /** Makes exactly `pageIds` open the popup; a page may open one popup, so it leaves its former. */
  async function attachPages(tx: Db, siteId: number, popupId: number, pageIds: number[]) {
    if (pageIds.length > 0) {
      const found = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.siteId, siteId), inArray(pages.id, pageIds)));
      if (found.length !== pageIds.length) {
        throw new HttpError(422, INVALID_BODY_MESSAGE, [
          { key: 'pageIds', error: POPUP_PAGE_NOT_FOUND_MESSAGE },
        ]);
      }
    }
    await tx
      .update(pages)
      .set({ idPopup: null })
      .where(
        and(
          eq(pages.siteId, siteId),
          eq(pages.idPopup, popupId),
          pageIds.length > 0 ? notInArray(pages.id, pageIds) : undefined,
        ),
      );
    if (pageIds.length > 0) {
      await tx
        .update(pages)
        .set({ idPopup: popupId })
        .where(and(eq(pages.siteId, siteId), inArray(pages.id, pageIds)));
    }
  }

  function refresh(siteId: number, pagesChanged: boolean) {
    const groups: SiteContentGroup[] = ['popups'];
    if (pagesChanged) {
      siteCache.invalidateSite(siteId, 'page-tree');
      groups.push('pages');
    }
    storefront.revalidate(siteId, groups);
  }

  const sameIds = (a: number[], b: number[]) =>
    a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

  return {
    async list(siteId: number) {
      const [popupRows, pageRows] = await Promise.all([
        db
          .select(popupColumns)
          .from(popups)
          .where(eq(popups.siteId, siteId))
          .orderBy(asc(popups.id)),
        db
          .select({ id: pages.id, title: pages.title, url: pages.url, idPopup: pages.idPopup })
          .from(pages)
          .where(eq(pages.siteId, siteId))
          .orderBy(asc(pages.url)),
      ]);
      return {
        popups: popupRows.map((popup) => ({
          ...popup,
          pageIds: pageRows.filter((page) => page.idPopup === popup.id).map((page) => page.id),
        })),
        pages: pageRows.map(({ id, title, url }) => ({ id, title, url })),
      };
    },

    async create(siteId: number, input: PopupInput, actor: AuditActor): Promise<AdminPopup> {
      const { pageIds, ...fields } = input;
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(popups)
          .values({ ...fields, siteId })
          .returning(popupColumns);
        await attachPages(tx, siteId, row!.id, pageIds);
        const after = { ...row!, pageIds: await pageIdsOf(tx, siteId, row!.id) };
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'popup',
          entityId: row!.id,
          summary: `Fenêtre « ${row!.title} » créée`,
          before: null,
          after,
        });
        return after;
      });
      refresh(siteId, pageIds.length > 0);
      return created;
    },

    async update(siteId: number, id: number, input: PopupInput, actor: AuditActor) {
      const { pageIds, ...fields } = input;
      const { after, pagesChanged } = await db.transaction(async (tx) => {
        const [row] = await tx
          .select(popupColumns)
          .from(popups)
          .where(ofSite(siteId, id))
          .for('update');
        if (!row) throw new HttpError(404, POPUP_NOT_FOUND_MESSAGE);
        const before = { ...row, pageIds: await pageIdsOf(tx, siteId, id) };
        const [updated] = await tx
          .update(popups)
          .set(fields)
          .where(ofSite(siteId, id))
          .returning(popupColumns);
        await attachPages(tx, siteId, id, pageIds);
        const saved = { ...updated!, pageIds: await pageIdsOf(tx, siteId, id) };
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'popup',
          entityId: id,
          summary: `Fenêtre « ${saved.title} » modifiée`,
          before,
          after: saved,
        });
        return { after: saved, pagesChanged: !sameIds(before.pageIds, saved.pageIds) };
      });
      refresh(siteId, pagesChanged);
      return after;
    },

    async remove(siteId: number, id: number, actor: AuditActor) {
      const pagesChanged = await db.transaction(async (tx) => {
        const [row] = await tx
          .select(popupColumns)
          .from(popups)
          .where(ofSite(siteId, id))
          .for('update');
        if (!row) throw new HttpError(404, POPUP_NOT_FOUND_MESSAGE);
        const pageIds = await pageIdsOf(tx, siteId, id);
        await attachPages(tx, siteId, id, []);
        await tx.delete(popups).where(ofSite(siteId, id));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'popup',
          entityId: id,
          summary: `Fenêtre « ${row.title} » supprimée`,
          before: { ...row, pageIds },
          after: null,
        });
        return pageIds.length > 0;
      });
      refresh(siteId, pagesChanged);
      return { id };
    },
  };
}

export function registerPopupAdminRoutes(app: FastifyInstance, admin: PopupAdmin): void {
  registerAdminScope(app, (scope) => {
    registerEndpoint(scope, listAdminPopups, ({ request }) => admin.list(request.site.id));
    registerEndpoint(scope, createAdminPopup, async ({ request, body }) =>
      admin.create(request.site.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, updateAdminPopup, async ({ request, params, body }) =>
      admin.update(request.site.id, params.id, body, await adminActor(request)),
    );
    registerEndpoint(scope, deleteAdminPopup, async ({ request, params }) =>
      admin.remove(request.site.id, params.id, await adminActor(request)),
    );
  });
}

export type PopupAdmin = ReturnType<typeof createPopupAdmin>;
