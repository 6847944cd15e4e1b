import type { FastifyBaseLogger } from 'fastify';
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
 * The job's name and period: it looks for due sites every hour, so that a failed call is tried
 * again an hour later, and a site is fetched once a day (decision 0073).
 */
export const REVIEWS_JOB_NAME = 'google-reviews-refresh';
export const REVIEWS_JOB_INTERVAL_MS = RETRY_AFTER_FAILURE_MS;

export interface ReviewRefreshOutcome {
  /** Sites whose reviews were fetched (whatever the answer held). */
  fetched: number[];
  /** Sites whose fetch failed: tried again at the next run. */
  failed: number[];
}

/**
 * Keeps each configured site's Google reviews fresh from a recurring job (JobRunner), which runs
 * once per period across all API instances (pg-boss; in this process on PGlite). Reading reviews
 * never starts a fetch. A site is due when its reviews were last written a day ago or more, or
 * never: the database's latest fetched_at is the schedule every instance shares, so that a site is
 * fetched once a day whichever instance runs the job. A failed fetch leaves it due, and the next
 * run, an hour later, tries again.
 */
/** One site's place and the key to ask Google with. */
export interface PlaceSource {
  siteId: number;
  apiKey: string;
  placeId: string;
}

/** How one fetch went, as the back office shows it. */
export interface FetchOutcome {
  at: Date;
  status: 'OK' | 'FAILED';
  message: string;
}

export function createReviewRefresher(dependencies: {
  settings: GooglePlacesSettings;
  /**
   * The places owners entered in the back office (decision 0108), which take the place of the
   * environment's for their site, and where each fetch's outcome is kept.
   */
  sites?: {
    list(): Promise<PlaceSource[]>;
    recordFetch(siteId: number, outcome: FetchOutcome): Promise<void>;
  };
  /** GOOGLE_PLACES_API_URL (a fake in tests); unset, Google's. */
  baseUrl?: string | undefined;
  repository: ReviewRepository;
  log: FastifyBaseLogger;
  fetch: typeof fetch;
  /**
   * Told which site's reviews changed: the storefront keeps its pages for hours and would show
   * new reviews only when its copy expires (decision 0030).
   */
  storefront?: Pick<StorefrontRevalidation, 'revalidate'>;
  now?: () => number;
}) {
  const { settings, repository, log } = dependencies;
  const now = dependencies.now ?? Date.now;
  /*
   * A place whose answer stored no review writes no fetched_at: without this it would be due at
   * every run. Kept by the instance that fetched it (decision 0073: at most one call a day per
   * instance that happens to run the job for such a place).
   */
  const nothingStoredUntil = new Map<number, number>();
  let running: Promise<ReviewRefreshOutcome> | null = null;

  async function isDue(siteId: number): Promise<boolean> {
    if ((nothingStoredUntil.get(siteId) ?? 0) > now()) return false;
    const last = await repository.lastFetchedAt(siteId, 'GOOGLE');
    return !last || last.getTime() + REFRESH_INTERVAL_MS <= now();
  }

  async function refresh({ siteId, apiKey, placeId }: PlaceSource): Promise<number> {
    const details = await fetchPlaceDetails(
      { apiKey, placeId, baseUrl: dependencies.baseUrl },
      dependencies.fetch,
    );
    const { rows, skipped } = reviewsFromPlaceDetails(siteId, details, new Date(now()));
    const written = await repository.upsert(rows);
    log.info({ siteId, written, skipped }, 'Google reviews fetched');
    if (written > 0) dependencies.storefront?.revalidate(siteId, ['reviews']);
    else nothingStoredUntil.set(siteId, now() + REFRESH_INTERVAL_MS);
    return written;
  }

  /** The environment's places, each replaced by the one its owner entered, if any. */
  async function sources(): Promise<PlaceSource[]> {
    const bySite = new Map<number, PlaceSource>();
    if (settings.apiKey) {
      for (const [siteId, placeId] of settings.placeIds) {
        bySite.set(siteId, { siteId, apiKey: settings.apiKey, placeId });
      }
    }
    for (const source of (await dependencies.sites?.list()) ?? []) {
      bySite.set(source.siteId, source);
    }
    return [...bySite.values()];
  }

  /** Fetches one place and keeps how it went; never throws. */
  async function fetchAndRecord(source: PlaceSource): Promise<FetchOutcome> {
    let outcome: FetchOutcome;
    try {
      const written = await refresh(source);
      outcome = {
        at: new Date(now()),
        status: 'OK',
        message:
          written === 0
            ? 'Aucun avis dans la réponse de Google.'
            : `${written} avis récupéré${written > 1 ? 's' : ''}.`,
      };
    } catch (error) {
      // One site's failure neither stops the others nor fails the job: a failed job would be
      // retried at once by pg-boss, and Google is to be asked again only in an hour.
      log.warn(
        { siteId: source.siteId, reason: error instanceof Error ? error.message : 'unknown' },
        'Google reviews not fetched; tried again in an hour',
      );
      const reason = error instanceof Error ? error.message : 'erreur inconnue';
      outcome = { at: new Date(now()), status: 'FAILED', message: reason.slice(0, 300) };
    }
    try {
      await dependencies.sites?.recordFetch(source.siteId, outcome);
    } catch (error) {
      log.warn(
        { err: error, siteId: source.siteId },
        'The outcome of a reviews fetch was not kept',
      );
    }
    return outcome;
  }

  async function refreshDueSites(): Promise<ReviewRefreshOutcome> {
    const outcome: ReviewRefreshOutcome = { fetched: [], failed: [] };
    for (const source of await sources()) {
      if (!(await isDue(source.siteId))) continue;
      const fetched = await fetchAndRecord(source);
      (fetched.status === 'OK' ? outcome.fetched : outcome.failed).push(source.siteId);
    }
    return outcome;
  }

  return {
    /**
     * « Récupérer maintenant »: fetches the site's place at once, due or not, and says how it
     * went; null when the site has no key and place.
     */
    async refreshSite(siteId: number): Promise<FetchOutcome | null> {
      const source = (await sources()).find((candidate) => candidate.siteId === siteId);
      if (!source) return null;
      nothingStoredUntil.delete(siteId);
      return fetchAndRecord(source);
    },

    /**
     * The job's work: fetches, one after the other, each configured site whose reviews are due.
     * A call while a run is under way waits for that run instead of starting another.
     */
    refreshDue(): Promise<ReviewRefreshOutcome> {
      running ??= refreshDueSites().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type ReviewRefresher = ReturnType<typeof createReviewRefresher>;
