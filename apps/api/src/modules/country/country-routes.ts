import type { FastifyInstance } from 'fastify';
import { getCountries } from '@comptoir/contract/country';
import { registerEndpoint } from '../../http/register-endpoint';
import { createCountryRepository } from './country-repository';
import { createCountryService } from './country-service';

export function registerCountryRoutes(app: FastifyInstance): void {
  const service = createCountryService(createCountryRepository(app.database.db));

  registerEndpoint(app, getCountries, ({ query }) => service.list(query));
}
