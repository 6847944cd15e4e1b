import type { Parameter } from '@comptoir/contract/parameter';
import { parseParameterValue, readSiteParameters } from '@comptoir/domain/site-parameters';
import type { Db } from '../../db/client';
import { parseFilters } from '../../lib/list-query';
import type { SiteCache } from '../../lib/site-cache';
import type { SiteParameterReader, SiteParameterValues } from '../../lib/site-parameter-values';
import {
  createParameterRepository,
  parameterFilterColumns,
  type ParameterRecord,
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

/** The values the services read, through the domain's default rule. */
function valuesOf(parameters: Parameter[]): SiteParameterValues {
  const reader = readSiteParameters(parameters);
  return { isOn: reader.flag, text: reader.text, number: reader.number };
}

export function createParameterService(db: Db, cache: SiteCache) {
  const repository = createParameterRepository(db);

  /**
   * All the site's parameters, kept per site (the same data GET /parameter serves); on a miss
   * they are read from `source`: the database, or a caller's transaction.
   */
  function all(siteId: number, source = () => repository): Promise<Parameter[]> {
    return cache.get(siteId, 'parameters', async () =>
      (await source().list(siteId, [])).map(toParameter),
    );
  }

  /** Every module reads a site's parameters through this one reader (compose.ts hands it on). */
  const read: SiteParameterReader = async (siteId) => valuesOf(await all(siteId));

  return {
    read,

    /**
     * The same reader within a caller's transaction (the order's mails read through it: PGlite
     * has one connection, which the open transaction holds).
     */
    readIn(tx: Db): SiteParameterReader {
      return async (siteId) => valuesOf(await all(siteId, () => createParameterRepository(tx)));
    },

    /** True when the query names a type or kind filter (empty values do not count). */
    isFiltered(query: Record<string, unknown>): boolean {
      return parseFilters(query, parameterFilterColumns).length > 0;
    },

    /** All the site's parameters (cached), or those matching the query's type/kind filters. */
    async list(siteId: number, query: Record<string, unknown>): Promise<Parameter[]> {
      const filters = parseFilters(query, parameterFilterColumns);
      if (filters.length === 0) return all(siteId);
      return (await repository.list(siteId, filters)).map(toParameter);
    },
  };
}
export type ParameterService = ReturnType<typeof createParameterService>;
