import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secret-box';
import type { SharedPieces } from '../../shared';
import type { GooglePlacesSettings } from './google-places';
import { createReviewAdmin, registerReviewAdminRoutes } from './review-admin';
import { createReviewRefresher } from './review-refresh';
import { createReviewRepository } from './review-repository';
import { registerReviewRoutes } from './review-routes';
import {
  createReviewSettingsAdmin,
  createReviewSettingsRepository,
  placeSourcesOf,
  registerReviewSettingsRoutes,
} from './review-settings';

/**
 * Customer reviews (imported from Google Places by a job, for the places of the environment and
 * those owners entered in the back office, decision 0108) and their moderation.
 */
export { reviewSecretStore } from './review-settings';

export function createReviewModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation' | 'jobs' | 'log'>,
  settings: {
    googlePlaces: GooglePlacesSettings;
    secrets: SecretBox;
    /** GOOGLE_PLACES_API_URL (a fake in tests); unset, Google's. */
    googlePlacesUrl?: string | undefined;
  },
) {
  const repository = createReviewRepository(shared.db);
  const admin = createReviewAdmin(shared.db, shared.revalidation);
  const settingsRepository = createReviewSettingsRepository(shared.db);
  const refresher = createReviewRefresher({
    settings: settings.googlePlaces,
    sites: placeSourcesOf(settingsRepository, settings.secrets, shared.log),
    baseUrl: settings.googlePlacesUrl,
    repository,
    log: shared.log,
    // Looked up at each call, so that tests may replace the global fetch.
    fetch: (input, init) => fetch(input, init),
    storefront: shared.revalidation,
  });
  const settingsAdmin = createReviewSettingsAdmin({
    repository: settingsRepository,
    secrets: settings.secrets,
    refresher: () => refresher,
  });
  return {
    /** The site's Google place: the one its owner entered, else the environment's. */
    async placeIdOf(siteId: number): Promise<string | null> {
      const row = await settingsRepository.find(siteId);
      return row?.googlePlaceId ?? settings.googlePlaces.placeIds.get(siteId) ?? null;
    },
    registerRoutes(app: FastifyInstance): void {
      registerReviewRoutes(
        app,
        {
          googlePlaces: settings.googlePlaces,
          refresher,
          ...(shared.jobs ? { jobs: shared.jobs } : {}),
        },
        repository,
      );
      registerReviewAdminRoutes(app, admin);
      registerReviewSettingsRoutes(app, settingsAdmin);
    },
  };
}

export type ReviewModule = ReturnType<typeof createReviewModule>;
