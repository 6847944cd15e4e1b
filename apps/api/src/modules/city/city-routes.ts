import type { FastifyInstance } from 'fastify';
import { searchCities } from '@comptoir/contract/city';
import { registerEndpoint } from '../../http/register-endpoint';
import type { CountryLookup } from '../country';
import { loadCityIndex } from './city-index';
import { createCityService } from './city-service';

export function registerCityRoutes(app: FastifyInstance, countries: CountryLookup): void {
  const service = createCityService(countries);
  // Read the communes while the API starts, so that no visitor waits for it.
  app.addHook('onReady', async () => {
    await loadCityIndex();
  });
  registerEndpoint(app, searchCities, ({ params }) =>
    service.search(params.search, params.idCountry),
  );
}
