import type { Variation } from '@comptoir/contract/variation';
import type { SiteCache } from '../../lib/site-cache';
import type { VariationRepository, VariationRow } from './variation-repository';

function groupVariations(rows: readonly VariationRow[]): Variation[] {
  const byId = new Map<number, Variation>();
  for (const row of rows) {
    let variation = byId.get(row.id);
    if (!variation) {
      variation = { id: row.id, name: row.name, values: [] };
      byId.set(row.id, variation);
    }
    if (row.valueId !== null && row.valueName !== null) {
      variation.values.push({ id: row.valueId, idVariation: row.id, name: row.valueName });
    }
  }
  return [...byId.values()];
}

export function createVariationService(repository: VariationRepository, cache: SiteCache) {
  return {
    async list(siteId: number): Promise<Variation[]> {
      return cache.get(siteId, 'variations', async () =>
        groupVariations(await repository.listWithValues(siteId)),
      );
    },
  };
}

export type VariationService = ReturnType<typeof createVariationService>;
