import type { Country } from '@comptoir/contract/country';
import type { Db } from '../../db/client';
import { createCountryRepository } from './country-repository';
import { MAX_PAGE_SIZE } from '../../lib/list-query';

/** France's id in the countries table (its ISO 3166-1 numeric code). */
export const FRANCE_ID = 250;

export interface CountryLookup {
  byId(id: number): Promise<Country | null>;
  byAlphaThree(code: string): Promise<Country | null>;
}

/**
 * The ISO countries by id and alpha-3, read once: they are platform reference data that only a
 * seed changes, and the shipping, relay and city calls ask for one on every request.
 */
export function createCountryLookup(db: Db): CountryLookup {
  let loading: Promise<{ byId: Map<number, Country>; byAlpha: Map<string, Country> }> | null = null;
  const load = () =>
    (loading ??= createCountryRepository(db)
      .list([], { limit: MAX_PAGE_SIZE, offset: 0 })
      .then((list) => ({
        byId: new Map(list.map((country) => [country.id, country])),
        byAlpha: new Map(list.map((country) => [country.alphaThree, country])),
      }))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  return {
    byId: async (id) => (await load()).byId.get(id) ?? null,
    byAlphaThree: async (code) => (await load()).byAlpha.get(code.toUpperCase()) ?? null,
  };
}
