import type { Parameter } from '@comptoir/contract/parameter';
import { parseParameterValue } from '@comptoir/domain/site-parameters';
import { parseFilters } from '../../lib/list-query';
import type { SiteCache } from '../../lib/site-cache';
import {
  parameterFilterColumns,
  type ParameterRecord,
  type ParameterRepository,
} from './parameter-repository';

function toParameter(record: ParameterRecord): Parameter {
  return {
    id: record.id,
    type: record.type,
    kind: record.kind,
    label: record.label,
    value: parseParameterValue(record.kind, record.value),
  };
}

export function createParameterService(repository: ParameterRepository, cache: SiteCache) {
  return {
    /** True when the query names a type or kind filter (empty values do not count). */
    isFiltered(query: Record<string, unknown>): boolean {
      return parseFilters(query, parameterFilterColumns).length > 0;
    },

    /** All the site's parameters (cached), or those matching the query's type/kind filters. */
    async list(siteId: number, query: Record<string, unknown>): Promise<Parameter[]> {
      const filters = parseFilters(query, parameterFilterColumns);
      if (filters.length === 0) {
        return cache.get(siteId, 'parameters', async () =>
          (await repository.list(siteId, [])).map(toParameter),
        );
      }
      return (await repository.list(siteId, filters)).map(toParameter);
    },
  };
}
export type ParameterService = ReturnType<typeof createParameterService>;
