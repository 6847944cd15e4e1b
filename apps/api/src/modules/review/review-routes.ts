import type { FastifyInstance } from 'fastify';
import { getReviews } from '@comptoir/contract/review';
import { registerEndpoint } from '../../http/register-endpoint';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import type { GooglePlacesSettings } from './google-places';
import { REVIEWS_JOB_INTERVAL_MS, REVIEWS_JOB_NAME, type ReviewRefresher } from './review-refresh';
import { type ReviewRepository } from './review-repository';
import { createReviewService } from './review-service';

export function registerReviewRoutes(
  app: FastifyInstance,
  options: {
    googlePlaces: GooglePlacesSettings;
    refresher: ReviewRefresher;
    /** Where the refresh job runs (pg-boss on PostgreSQL); an in-process runner by default. */
    jobs?: JobRunner;
  },
  repository: ReviewRepository,
): void {
  const { apiKey, placeIds } = options.googlePlaces;
  if (apiKey && placeIds.size === 0) {
    app.log.warn(
      'GOOGLE_PLACES_API_KEY is set but GOOGLE_PLACES_PLACE_IDS names no site: only the places entered in the back office are fetched',
    );
  } else if (!apiKey && placeIds.size > 0) {
    app.log.warn(
      'GOOGLE_PLACES_PLACE_IDS is set without GOOGLE_PLACES_API_KEY: only the places entered in the back office are fetched',
    );
  }
  const service = createReviewService({ repository });

  registerEndpoint(app, getReviews, ({ request, query }) =>
    service.listGoogleReviews(request.site.id, query),
  );

  // The job runs whatever the environment says: an owner may enter a key and a place in the back
  // office at any time (decision 0108). A run without any place asks Google nothing.
  const { refresher } = options;
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
