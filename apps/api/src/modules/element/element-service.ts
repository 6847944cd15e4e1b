import {
  DEFAULT_ELEMENT_PAGE_SIZE,
  type Element,
  type ElementList,
} from '@comptoir/contract/element';
import { HttpError } from '../../http/http-error';
import { pagingOf, parseFilters } from '../../lib/list-query';
import {
  elementFilterColumns,
  type ElementListRecord,
  type ElementRepository,
} from './element-repository';

export function createElementService(repository: ElementRepository) {
  async function listOf(siteId: number, route: string): Promise<ElementListRecord> {
    const list = await repository.findList(siteId, route);
    if (!list) throw new HttpError(404, `Element list ${route} not found.`);
    return list;
  }

  return {
    /** A page of a list's published elements; a route this site does not have is not found. */
    async getList(
      siteId: number,
      route: string,
      query: Record<string, unknown> & { page?: number; nbItem?: number },
    ): Promise<ElementList> {
      const list = await listOf(siteId, route);
      const { rows, total } = await repository.listPublished(
        siteId,
        list.id,
        parseFilters(query, elementFilterColumns),
        pagingOf(query, DEFAULT_ELEMENT_PAGE_SIZE),
      );
      return { route: list.route, name: list.name, list: rows, total };
    },

    /** One published element of this list: another list's or another site's id is not found. */
    async getElement(siteId: number, route: string, id: number): Promise<Element> {
      const list = await listOf(siteId, route);
      const element = await repository.findPublished(siteId, list.id, id);
      if (!element) throw new HttpError(404, `Element ${id} not found in the list ${route}.`);
      return element;
    },
  };
}

export type ElementService = ReturnType<typeof createElementService>;
