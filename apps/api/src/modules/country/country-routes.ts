import type { FastifyInstance } from 'fastify';
import { getCountries } from '@comptoir/contract/country';
import { registerEndpoint } from '../../http/register-endpoint';
import { type CountryService } from './country-service';

export function registerCountryRoutes(app: FastifyInstance, service: CountryService): void {
  registerEndpoint(app, getCountries, ({ query }) => service.list(query));
}
