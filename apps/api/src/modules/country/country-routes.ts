import type { FastifyInstance } from 'fastify';
import { getCountries, getLanguages } from '@comptoir/contract/country';
import { registerEndpoint } from '../../http/register-endpoint';
import { type CountryService } from './country-service';
import type { LanguageRepository } from './language-repository';

export function registerCountryRoutes(
  app: FastifyInstance,
  service: CountryService,
  languages: LanguageRepository,
): void {
  registerEndpoint(app, getCountries, ({ query }) => service.list(query));
  registerEndpoint(app, getLanguages, () => languages.list());
}
