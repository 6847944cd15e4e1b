import { ELEMENT_LIST_FULL_MESSAGE, ELEMENT_LIST_MAX_ITEMS, ELEMENT_LIST_NOT_FOUND_MESSAGE, ELEMENT_NOT_FOUND_MESSAGE, PARAMETER_NOT_FOUND_MESSAGE, type ElementInput } from '@comptoir/contract/admin-content';
import { parameterValueProblem } from '@comptoir/contract/admin-theme';
import { PAGE_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin';
import type { Element } from '@comptoir/contract/element';
import type { PageBlock } from '@comptoir/contract/page-blocks';
import type { Parameter } from '@comptoir/contract/parameter';
import { findParameterDefinition, parseParameterValue, serializeParameterValue, type ParameterValue } from '@comptoir/domain/site-parameters';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import type { AdminContentRepository, ElementListRef } from './page-admin-content-repository';

export interface AdminContentDependencies {
  siteCache: SiteCache;
  storefront: StorefrontRevalidation;
}

/**
 * The back office's content writes. Each one, once stored, drops the API's own cached copy of
 * what it changed and asks the storefront to refresh the pages that show it.
 */
export function createAdminContentService(
  repository: AdminContentRepository,
  { siteCache, storefront }: AdminContentDependencies,
) {
  async function listOf(siteId: number, route: string): Promise<ElementListRef> {
    const list = await repository.findList(siteId, route);
    if (!list) throw new HttpError(404, ELEMENT_LIST_NOT_FOUND_MESSAGE);
    return list;
  }

  return {
    /** The blocks arrive checked by their schemas (defaults applied): they are stored as such. */
    async savePageBlocks(
      siteId: number,
      pageId: number,
      blocks: PageBlock[],
      actor: AuditActor,
    ): Promise<{ id: number; blocks: PageBlock[] }> {
      if (!(await repository.savePageBlocks(siteId, pageId, blocks, actor))) {
        throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
      }
      // The API keeps each page's answer with the page tree: drop them together.
      siteCache.invalidateSite(siteId, 'page-tree');
      storefront.revalidate(siteId, ['pages']);
      return { id: pageId, blocks };
    },

    async saveParameter(
      siteId: number,
      type: string,
      value: ParameterValue,
      actor: AuditActor,
    ): Promise<Parameter> {
      const definition = findParameterDefinition(type);
      if (!definition) throw new HttpError(404, PARAMETER_NOT_FOUND_MESSAGE);
      const problem = parameterValueProblem(definition, value);
      if (problem) {
        throw new HttpError(422, INVALID_BODY_MESSAGE, [{ key: 'value', error: problem }]);
      }
      const saved = await repository.saveParameter(
        siteId,
        {
          type,
          kind: definition.kind,
          label: definition.label,
          value: serializeParameterValue(definition.kind, value),
        },
        actor,
      );
      siteCache.invalidateSite(siteId, 'parameters');
      storefront.revalidate(siteId, ['parameters']);
      return {
        id: saved.id,
        type: saved.type,
        kind: saved.kind,
        label: saved.label,
        value: parseParameterValue(saved.kind, saved.value),
      };
    },

    async createElement(
      siteId: number,
      route: string,
      input: ElementInput,
      actor: AuditActor,
    ): Promise<Element> {
      const list = await listOf(siteId, route);
      const created = await repository.insertElement(
        siteId,
        list,
        input,
        ELEMENT_LIST_MAX_ITEMS,
        actor,
      );
      if (created === 'full') throw new HttpError(409, ELEMENT_LIST_FULL_MESSAGE);
      storefront.revalidate(siteId, ['elements']);
      return created;
    },

    /** Another list's or another site's element is not found, and nothing is deleted. */
    async deleteElement(
      siteId: number,
      route: string,
      id: number,
      actor: AuditActor,
    ): Promise<{ id: number }> {
      const list = await listOf(siteId, route);
      if (!(await repository.deleteElement(siteId, list, id, actor))) {
        throw new HttpError(404, ELEMENT_NOT_FOUND_MESSAGE);
      }
      storefront.revalidate(siteId, ['elements']);
      return { id };
    },
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
