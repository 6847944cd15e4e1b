import { and, count, eq, max } from 'drizzle-orm';
import type { Element } from '@comptoir/contract/element';
import type { Db } from '../../db/client';
import { elementLists, elements, pages, siteParameters } from '../../db/schema';

export type ParameterRecord = typeof siteParameters.$inferSelect;

const elementColumns = {
  id: elements.id,
  title: elements.title,
  html: elements.html,
  backgroundColor: elements.backgroundColor,
  imageUrl: elements.imageUrl,
  linkUrl: elements.linkUrl,
  position: elements.position,
  registrationCapacity: elements.registrationCapacity,
};

export interface ElementListRef {
  id: number;
  route: string;
}

export type NewElement = Omit<Element, 'id' | 'position'> & { position?: number };

/** The writes of the back office. Every method takes the site id and filters on it. */
export function createAdminContentRepository(db: Db) {
  return {
    /** Replaces a page's blocks; answers false when the site has no such page. */
    async savePageBlocks(siteId: number, pageId: number, blocks: unknown[]): Promise<boolean> {
      const updated = await db
        .update(pages)
        .set({ blocks })
        .where(and(eq(pages.siteId, siteId), eq(pages.id, pageId)))
        .returning({ id: pages.id });
      return updated.length > 0;
    },

    /** Sets a parameter, creating its row (with the catalogue's label) if the site has none yet. */
    async saveParameter(
      siteId: number,
      parameter: Pick<ParameterRecord, 'type' | 'kind' | 'label' | 'value'>,
    ): Promise<ParameterRecord> {
      const [saved] = await db
        .insert(siteParameters)
        .values({ siteId, ...parameter })
        .onConflictDoUpdate({
          target: [siteParameters.siteId, siteParameters.type],
          // The catalogue's kind is the one the value was checked against.
          set: { kind: parameter.kind, value: parameter.value },
        })
        .returning();
      return saved!;
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
      listId: number,
      element: NewElement,
      maxItems: number,
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
        return created!;
      });
    },

    /** Deletes an element of this list of this site; answers false when there is none. */
    async deleteElement(siteId: number, listId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(elements)
        .where(and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.id, id)))
        .returning({ id: elements.id });
      return deleted.length > 0;
    },
  };
}

export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;
