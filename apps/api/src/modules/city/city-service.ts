import type { City } from '@comptoir/contract/city';
import { UNKNOWN_COUNTRY_MESSAGE } from '@comptoir/contract/shipping';
import { HttpError } from '../../http/http-error';
import { FRANCE_ID, type CountryLookup } from '../country';
import { loadCityIndex } from './city-index';

export function createCityService(countries: CountryLookup) {
  return {
    /**
     * Communes by name or postal code. The dataset is France's: another known country answers an
     * empty list (the customer types the city), an unknown one 404.
     */
    async search(search: string, idCountry: number): Promise<City[]> {
      const country = await countries.byId(idCountry);
      if (!country) throw new HttpError(404, UNKNOWN_COUNTRY_MESSAGE);
      if (country.id !== FRANCE_ID) return [];
      return (await loadCityIndex()).search(search);
    },
  };
}
