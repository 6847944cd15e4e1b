import type { Country } from '@comptoir/contract/country';
import { pagingOf, parseFilters, MAX_PAGE_SIZE } from '../../lib/list-query';
import { countryFilterColumns, type CountryRepository } from './country-repository';

/** Every ISO country fits in one page, so a plain GET /countries returns them all. */
const DEFAULT_COUNTRIES_PER_PAGE = MAX_PAGE_SIZE;

export function createCountryService(repository: CountryRepository) {
  return {
    async list(
      query: Record<string, unknown> & { page?: number; nbItem?: number },
    ): Promise<Country[]> {
      return repository.list(
        parseFilters(query, countryFilterColumns),
        pagingOf(query, DEFAULT_COUNTRIES_PER_PAGE),
      );
    },
  };
}

export type CountryService = ReturnType<typeof createCountryService>;
