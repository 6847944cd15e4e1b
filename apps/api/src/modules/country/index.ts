import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createCountryLookup } from './country-lookup';
import { createCountryRepository } from './country-repository';
import { registerCountryRoutes } from './country-routes';
import { createCountryService } from './country-service';
import { createLanguageRepository } from './language-repository';

export { FRANCE_ID, type CountryLookup } from './country-lookup';

/**
 * The ISO countries (the list and the lookup the delivery, relay and city modules share) and the
 * platform's languages with their country.
 */
export function createCountryModule(shared: Pick<SharedPieces, 'db'>) {
  const service = createCountryService(createCountryRepository(shared.db));
  /** The ISO countries by id and alpha-3, read once (shipping, relay and city calls). */
  const lookup = createCountryLookup(shared.db);
  const languages = createLanguageRepository(shared.db);
  return {
    service,
    lookup,
    registerRoutes(app: FastifyInstance): void {
      registerCountryRoutes(app, service, languages);
    },
  };
}

export type CountryModule = ReturnType<typeof createCountryModule>;
