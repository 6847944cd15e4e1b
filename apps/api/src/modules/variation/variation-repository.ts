import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { variations, variationValues } from '../../db/schema';

export interface VariationRow {
  id: number;
  name: string;
  valueId: number | null;
  valueName: string | null;
}

export function createVariationRepository(db: Db) {
  return {
    /** The site's variations, each followed by its values in order (one row per value). */
    async listWithValues(siteId: number): Promise<VariationRow[]> {
      return db
        .select({
          id: variations.id,
          name: variations.name,
          valueId: variationValues.id,
          valueName: variationValues.name,
        })
        .from(variations)
        .leftJoin(
          variationValues,
          and(
            eq(variationValues.variationId, variations.id),
            eq(variationValues.siteId, variations.siteId),
          ),
        )
        .where(eq(variations.siteId, siteId))
        .orderBy(
          asc(variations.order),
          asc(variations.id),
          asc(variationValues.order),
          asc(variationValues.id),
        );
    },
  };
}

export type VariationRepository = ReturnType<typeof createVariationRepository>;
