import { and, asc, eq } from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { siteParameters } from '../../db/schema';
import { filterConditions, type FilterColumns } from '../../lib/list-query';

export type ParameterRecord = typeof siteParameters.$inferSelect;

/** The fields GET /parameter can filter on. */
export const parameterFilterColumns: FilterColumns = {
  type: siteParameters.type,
  kind: siteParameters.kind,
};

export function createParameterRepository(db: Db) {
  return {
    async list(siteId: number, filters: readonly ListFilter[]): Promise<ParameterRecord[]> {
      return db
        .select()
        .from(siteParameters)
        .where(
          and(
            eq(siteParameters.siteId, siteId),
            ...filterConditions(filters, parameterFilterColumns),
          ),
        )
        .orderBy(asc(siteParameters.type));
    },
  };
}

export type ParameterRepository = ReturnType<typeof createParameterRepository>;
