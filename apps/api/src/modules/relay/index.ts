import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secret-box';
import type { SharedPieces } from '../../shared';
import type { CountryLookup } from '../country';
import { createBuiltInRelayProvider, type RelayProvider } from './relay-provider';
import { registerRelayRoutes } from './relay-routes';
import {
  createRelaySettingsAdmin,
  createRelaySettingsRepository,
  createSiteRelayProvider,
  registerRelaySettingsRoutes,
} from './relay-settings';

export { distanceMetres, type RelayProvider, type RelaySearch } from './relay-provider';
export { relaySecretStore } from './relay-settings';
export {
  mondialRelaySecurity,
  MONDIAL_RELAY_NAMESPACE,
  POINT_SEARCH_METHOD,
  POINT_SEARCH_PARAMETERS,
  type PointSearchParameter,
} from './mondial-relay';

/**
 * Relay points: POST /relay/access-points, from the carrier's API the site chose in the back
 * office (Mondial Relay, with the site's account), from the seeded demo points otherwise
 * (decisions 0044, 0108). The order module checks a chosen point with the same provider. A
 * provider given here (tests) answers for every site.
 */
export function createRelayModule(
  shared: Pick<SharedPieces, 'db' | 'log'>,
  deps: {
    countries: CountryLookup;
    secrets: SecretBox;
    /** MONDIAL_RELAY_API_URL (the fake service in tests); unset, Mondial Relay's own. */
    mondialRelayUrl?: string | undefined;
    provider?: RelayProvider;
  },
) {
  const settings = {
    repository: createRelaySettingsRepository(shared.db),
    secrets: deps.secrets,
    countries: deps.countries,
    mondialRelayUrl: deps.mondialRelayUrl,
    log: shared.log,
  };
  const provider =
    deps.provider ??
    createSiteRelayProvider({ ...settings, demo: createBuiltInRelayProvider(shared.db) });
  const admin = createRelaySettingsAdmin(settings);
  return {
    provider,
    registerRoutes(app: FastifyInstance): void {
      registerRelayRoutes(app, { provider, countries: deps.countries });
      registerRelaySettingsRoutes(app, admin);
    },
  };
}

export type RelayModule = ReturnType<typeof createRelayModule>;
