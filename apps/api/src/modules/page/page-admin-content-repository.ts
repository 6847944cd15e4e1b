import { and, count, eq, max } from 'drizzle-orm';
import type { Element } from '@comptoir/contract/element';
import type { Db } from '../../db/client';
import { elementLists, elements, pages, siteParameters } from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { elementColumns } from '../element';

export type ParameterRecord = typeof siteParameters.$inferSelect;

export interface ElementListRef {
  id: number;
  route: string;
}

export type NewElement = Omit<Element, 'id' | 'position'> & { position?: number };

/** The writes of the back office. Every method takes the site id and filters on it. */
export function createAdminContentRepository(db: Db) {
  return {
    /**
     * Replaces a page's blocks and journals the change in the same transaction; answers false
     * when the site has no such page.
     */
    async savePageBlocks(
      siteId: number,
      pageId: number,
      blocks: unknown[],
      actor: AuditActor,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [page] = await tx
          .select({ title: pages.title, url: pages.url, blocks: pages.blocks })
          .from(pages)
          .where(and(eq(pages.siteId, siteId), eq(pages.id, pageId)))
          .for('update');
        if (!page) return false;
        await tx
          .update(pages)
          .set({ blocks })
          .where(and(eq(pages.siteId, siteId), eq(pages.id, pageId)));
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'page',
          entityId: pageId,
          summary: `Contenu de la page « ${page.title} » modifié`,
          before: { url: page.url, blocks: page.blocks },
          after: { url: page.url, blocks },
        });
        return true;
      });
    },

    /**
     * Sets a parameter, creating its row (with the catalogue's label) if the site has none yet,
     * and journals the change in the same transaction.
     */
    async saveParameter(
      siteId: number,
      parameter: Pick<ParameterRecord, 'type' | 'kind' | 'label' | 'value'>,
      actor: AuditActor,
    ): Promise<ParameterRecord> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ value: siteParameters.value })
          .from(siteParameters)
          .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, parameter.type)))
          .for('update');
        const [saved] = await tx
          .insert(siteParameters)
          .values({ siteId, ...parameter })
          .onConflictDoUpdate({
            target: [siteParameters.siteId, siteParameters.type],
            // The catalogue's kind is the one the value was checked against.
            set: { kind: parameter.kind, value: parameter.value },
          })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: previous ? 'update' : 'create',
          entityType: 'parameter',
          entityId: parameter.type,
          summary: `Paramètre « ${parameter.label} » (${parameter.type}) modifié`,
          before: previous ? { value: previous.value } : null,
          after: { value: saved!.value },
        });
        return saved!;
      });
    },

    async findList(siteId: number, route: string): Promise<ElementListRef | undefined> {
      const [list] = await db
        .select({ id: elementLists.id, route: elementLists.route })
        .from(elementLists)
        .where(and(eq(elementLists.siteId, siteId), eq(elementLists.route, route)));
      return list;
    },

    /**
     * Adds an element to a list, last unless a position is given, or answers 'full' when the list
     * already holds `maxItems`. The list's row is locked meanwhile, so two additions at once
     * cannot both take the last place.
     */
    async insertElement(
      siteId: number,
      { id: listId, route }: ElementListRef,
      element: NewElement,
      maxItems: number,
      actor: AuditActor,
    ): Promise<Element | 'full'> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: elementLists.id })
          .from(elementLists)
          .where(and(eq(elementLists.siteId, siteId), eq(elementLists.id, listId)))
          .for('update');
        const inList = and(eq(elements.siteId, siteId), eq(elements.listId, listId));
        const [stats] = await tx
          .select({ total: count(), lastPosition: max(elements.position) })
          .from(elements)
          .where(inList);
        if ((stats?.total ?? 0) >= maxItems) return 'full';
        const [created] = await tx
          .insert(elements)
          .values({
            ...element,
            siteId,
            listId,
            position: element.position ?? (stats?.lastPosition ?? 0) + 1,
          })
          .returning(elementColumns);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'element',
          entityId: created!.id,
          summary: `Élément « ${created!.title} » ajouté à la liste « ${route} »`,
          before: null,
          after: { route, ...created! },
        });
        return created!;
      });
    },

    /** Deletes an element of this list of this site and journals it; false when there is none. */
    async deleteElement(
      siteId: number,
      { id: listId, route }: ElementListRef,
      id: number,
      actor: AuditActor,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(elements)
          .where(and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.id, id)))
          .returning(elementColumns);
        if (!deleted) return false;
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'element',
          entityId: id,
          summary: `Élément « ${deleted.title} » retiré de la liste « ${route} »`,
          before: { route, ...deleted },
          after: null,
        });
        return true;
      });
    },
  };
}

export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;
