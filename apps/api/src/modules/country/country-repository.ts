import { and, asc } from 'drizzle-orm';
import type { Country } from '@comptoir/contract/country';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { countries } from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';

/** The fields GET /countries can filter on. */
export const countryFilterColumns: FilterColumns = {
  name: countries.name,
  alphaTwo: countries.alphaTwo,
  alphaThree: countries.alphaThree,
  numCode: countries.numCode,
};

/** Countries are platform reference data shared by every site: no site filter here. */
export function createCountryRepository(db: Db) {
  return {
    async list(filters: readonly ListFilter[], paging: Paging): Promise<Country[]> {
      return db
        .select({
          id: countries.id,
          alphaTwo: countries.alphaTwo,
          alphaThree: countries.alphaThree,
          numCode: countries.numCode,
          name: countries.name,
        })
        .from(countries)
        .where(and(...filterConditions(filters, countryFilterColumns)))
        .orderBy(asc(countries.sortOrder), asc(countries.id))
        .limit(paging.limit)
        .offset(paging.offset);
    },
  };
}

export type CountryRepository = ReturnType<typeof createCountryRepository>;
