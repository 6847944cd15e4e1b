import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../../plugins/background-tasks';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import {
  fetchPlaceDetails,
  reviewsFromPlaceDetails,
  type GooglePlacesSettings,
} from './google-places';
import type { ReviewRepository } from './review-repository';

export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** A failed call (network, quota) is retried sooner than a day, but never on every request. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60 * 1000;

/**
 * Keeps each configured site's Google reviews fresh: a request for a site's reviews starts a
 * background fetch when the last one is a day old, and never waits for it (the visitor gets the
 * stored reviews). At most one fetch per site per day: the next allowed time is claimed before the
 * fetch starts, so simultaneous requests start one fetch, and the database's latest fetched_at
 * carries the rule across restarts.
 */
export function createReviewRefresher(dependencies: {
  settings: GooglePlacesSettings;
  repository: ReviewRepository;
  backgroundTasks: BackgroundTasks;
  log: FastifyBaseLogger;
  fetch: typeof fetch;
  /**
   * Told which site's reviews changed: the storefront keeps its pages for hours and would show
   * new reviews only when its copy expires (decision 0030).
   */
  storefront?: Pick<StorefrontRevalidation, 'revalidate'>;
  now?: () => number;
}) {
  const { settings, repository, backgroundTasks, log } = dependencies;
  const now = dependencies.now ?? Date.now;
  const nextFetchAt = new Map<number, number>();

  async function refresh(siteId: number, apiKey: string, placeId: string, firstInProcess: boolean) {
    if (firstInProcess) {
      const last = await repository.lastFetchedAt(siteId, 'GOOGLE');
      if (last && last.getTime() + REFRESH_INTERVAL_MS > now()) {
        nextFetchAt.set(siteId, last.getTime() + REFRESH_INTERVAL_MS);
        return;
      }
    }
    try {
      const details = await fetchPlaceDetails({ apiKey, placeId }, dependencies.fetch);
      const { rows, skipped } = reviewsFromPlaceDetails(siteId, details, new Date(now()));
      const written = await repository.upsert(rows);
      log.info({ siteId, written, skipped }, 'Google reviews fetched');
      if (written > 0) dependencies.storefront?.revalidate(siteId, ['reviews']);
    } catch (error) {
      nextFetchAt.set(siteId, now() + RETRY_AFTER_FAILURE_MS);
      throw error;
    }
  }

  return {
    /** Starts a background fetch for the site when one is configured and due; returns at once. */
    refreshIfDue(siteId: number): void {
      const { apiKey } = settings;
      const placeId = settings.placeIds.get(siteId);
      if (!apiKey || !placeId) return;
      const due = nextFetchAt.get(siteId);
      if (due !== undefined && due > now()) return;
      nextFetchAt.set(siteId, now() + REFRESH_INTERVAL_MS);
      backgroundTasks.run(`fetching the Google reviews of site ${siteId}`, () =>
        refresh(siteId, apiKey, placeId, due === undefined),
      );
    },
  };
}

export type ReviewRefresher = ReturnType<typeof createReviewRefresher>;
