import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CountryLookup } from '../country';
import { createBuiltInRelayProvider, type RelayProvider } from './relay-provider';
import { registerRelayRoutes } from './relay-routes';

export { distanceMetres, type RelayProvider, type RelaySearch } from './relay-provider';
export {
  mondialRelaySecurity,
  MONDIAL_RELAY_NAMESPACE,
  POINT_SEARCH_METHOD,
  POINT_SEARCH_PARAMETERS,
  type PointSearchParameter,
} from './mondial-relay';

/**
 * Relay points: POST /relay/access-points, from a carrier's API when one is given (decision
 * 0044), from the seeded points otherwise. The order module checks a chosen point with the same
 * provider.
 */
export function createRelayModule(
  shared: Pick<SharedPieces, 'db'>,
  deps: { countries: CountryLookup; provider?: RelayProvider },
) {
  const provider = deps.provider ?? createBuiltInRelayProvider(shared.db);
  return {
    provider,
    registerRoutes(app: FastifyInstance): void {
      registerRelayRoutes(app, { provider, countries: deps.countries });
    },
  };
}

export type RelayModule = ReturnType<typeof createRelayModule>;
