import type { FastifyInstance } from 'fastify';
import { getReviews } from '@comptoir/contract/review';
import { registerEndpoint } from '../../http/register-endpoint';
import type { GooglePlacesSettings } from './google-places';
import { registerReviewAdminRoutes } from './review-admin';
import { createReviewRefresher } from './review-refresh';
import { createReviewRepository } from './review-repository';
import { createReviewService } from './review-service';

export function registerReviewRoutes(
  app: FastifyInstance,
  options: { googlePlaces: GooglePlacesSettings; fetch?: typeof fetch },
): void {
  const repository = createReviewRepository(app.database.db);
  const { apiKey, placeIds } = options.googlePlaces;
  if (apiKey && placeIds.size === 0) {
    app.log.warn(
      'GOOGLE_PLACES_API_KEY is set but GOOGLE_PLACES_PLACE_IDS names no site: no review is fetched',
    );
  } else if (!apiKey && placeIds.size > 0) {
    app.log.warn(
      'GOOGLE_PLACES_PLACE_IDS is set without GOOGLE_PLACES_API_KEY: no review is fetched',
    );
  }
  const service = createReviewService({
    repository,
    refresher: createReviewRefresher({
      settings: options.googlePlaces,
      repository,
      backgroundTasks: app.backgroundTasks,
      log: app.log,
      fetch: options.fetch ?? fetch,
      storefront: app.storefrontRevalidation,
    }),
  });

  registerEndpoint(app, getReviews, ({ request, query }) =>
    service.listGoogleReviews(request.site.id, query),
  );
  registerReviewAdminRoutes(app);
}
