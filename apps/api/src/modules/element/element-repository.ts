import { and, asc, count, eq } from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { elementLists, elements } from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';

/** The fields GET /element/:route can filter on. */
export const elementFilterColumns: FilterColumns = {
  id: elements.id,
  title: elements.title,
  position: elements.position,
  backgroundColor: elements.backgroundColor,
  linkUrl: elements.linkUrl,
};

/** The columns of an element as the contract shows it (shared by the admin repositories). */
export const elementColumns = {
  id: elements.id,
  title: elements.title,
  html: elements.html,
  backgroundColor: elements.backgroundColor,
  imageUrl: elements.imageUrl,
  linkUrl: elements.linkUrl,
  position: elements.position,
  registrationCapacity: elements.registrationCapacity,
};

export type ElementListRecord = Pick<typeof elementLists.$inferSelect, 'id' | 'route' | 'name'>;

export function createElementRepository(db: Db) {
  const publishedIn = (siteId: number, listId: number) =>
    and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.isPublished, true));

  return {
    async findList(siteId: number, route: string): Promise<ElementListRecord | undefined> {
      const [list] = await db
        .select({ id: elementLists.id, route: elementLists.route, name: elementLists.name })
        .from(elementLists)
        .where(and(eq(elementLists.siteId, siteId), eq(elementLists.route, route)));
      return list;
    },

    /** One page of the list's published elements by position, and how many match in all. */
    async listPublished(
      siteId: number,
      listId: number,
      filters: readonly ListFilter[],
      paging: Paging,
    ) {
      const where = and(
        publishedIn(siteId, listId),
        ...filterConditions(filters, elementFilterColumns),
      );
      const rows = await db
        .select(elementColumns)
        .from(elements)
        .where(where)
        .orderBy(asc(elements.position), asc(elements.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(elements).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async findPublished(siteId: number, listId: number, id: number) {
      const [element] = await db
        .select(elementColumns)
        .from(elements)
        .where(and(publishedIn(siteId, listId), eq(elements.id, id)));
      return element;
    },
  };
}

export type ElementRepository = ReturnType<typeof createElementRepository>;
