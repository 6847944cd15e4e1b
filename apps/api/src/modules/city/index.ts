import type { FastifyInstance } from 'fastify';
import type { CountryLookup } from '../country';
import { registerCityRoutes } from './city-routes';

export { loadCityIndex, normalizeCityName, type CityIndex } from './city-index';

/** The communes of a country, searched by name or postal code (read once from a data file). */
export function createCityModule(deps: { countries: CountryLookup }) {
  return {
    registerRoutes(app: FastifyInstance): void {
      registerCityRoutes(app, deps.countries);
    },
  };
}

export type CityModule = ReturnType<typeof createCityModule>;
