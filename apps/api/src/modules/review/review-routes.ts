import type { FastifyInstance } from 'fastify';
import { getReviews } from '@comptoir/contract/review';
import { registerEndpoint } from '../../http/register-endpoint';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import type { GooglePlacesSettings } from './google-places';
import { createReviewRefresher, REVIEWS_JOB_INTERVAL_MS, REVIEWS_JOB_NAME } from './review-refresh';
import { type ReviewRepository } from './review-repository';
import { createReviewService } from './review-service';

export function registerReviewRoutes(
  app: FastifyInstance,
  options: {
    googlePlaces: GooglePlacesSettings;
    /** Google's fetch; the global one (looked up at each call) by default. */
    fetch?: typeof fetch;
    /** Where the refresh job runs (pg-boss on PostgreSQL); an in-process runner by default. */
    jobs?: JobRunner;
  },
  repository: ReviewRepository,
): void {
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
  const service = createReviewService({ repository });

  registerEndpoint(app, getReviews, ({ request, query }) =>
    service.listGoogleReviews(request.site.id, query),
  );

  // Nothing to schedule without a key and a place: no job, no timer, no Google.
  if (!apiKey || placeIds.size === 0) return;
  const refresher = createReviewRefresher({
    settings: options.googlePlaces,
    repository,
    log: app.log,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    storefront: app.storefrontRevalidation,
  });
  if (options.jobs) {
    // pg-boss runs the current period's job as soon as an instance is up, then once an hour
    // across all instances (decision 0068).
    options.jobs.every(REVIEWS_JOB_NAME, REVIEWS_JOB_INTERVAL_MS, () => refresher.refreshDue());
    return;
  }
  // One process (PGlite): its runner's first run comes an hour after the start, so the due sites
  // (a site never fetched among them) are fetched once at the start too.
  const jobs = createIntervalJobRunner((name, error) =>
    app.log.error({ err: error, job: name }, 'job failed'),
  );
  jobs.every(REVIEWS_JOB_NAME, REVIEWS_JOB_INTERVAL_MS, () => refresher.refreshDue());
  app.addHook('onReady', async () => {
    app.backgroundTasks.run('fetching the due Google reviews at start', async () => {
      await refresher.refreshDue();
    });
  });
  app.addHook('onClose', async () => jobs.stop());
}
