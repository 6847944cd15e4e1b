import type { FastifyInstance } from 'fastify';
import { ACCESS_POINTS_LIMIT, findAccessPoints } from '@comptoir/contract/relay';
import { UNKNOWN_COUNTRY_MESSAGE } from '@comptoir/contract/shipping';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import type { CountryLookup } from '../country';
import type { RelayProvider } from './relay-provider';

export function registerRelayRoutes(
  app: FastifyInstance,
  options: { provider: RelayProvider; countries: CountryLookup },
): void {
  registerEndpoint(app, findAccessPoints, async ({ request, body }) => {
    const country = await options.countries.byAlphaThree(body.country);
    if (!country) {
      throw new HttpError(422, UNKNOWN_COUNTRY_MESSAGE, [
        { key: 'country', error: UNKNOWN_COUNTRY_MESSAGE },
      ]);
    }
    const hasPosition =
      body.latitude !== null &&
      body.latitude !== undefined &&
      body.longitude !== null &&
      body.longitude !== undefined;
    return options.provider.findAccessPoints({
      siteId: request.site.id,
      postalCode: body.postalCode,
      city: body.city ?? null,
      country: country.alphaThree,
      address: body.address ?? null,
      position: hasPosition ? { latitude: body.latitude!, longitude: body.longitude! } : null,
      limit: ACCESS_POINTS_LIMIT,
    });
  });
}
