import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import { createReviewAdmin, registerReviewAdminRoutes } from './review-admin';
import { createReviewRepository } from './review-repository';
import { registerReviewRoutes } from './review-routes';
import type { GooglePlacesSettings } from './google-places';

/** Customer reviews (imported from Google Places by a job) and their moderation. */
export function createReviewModule(
  shared: Pick<SharedPieces, 'db' | 'revalidation' | 'jobs'>,
  settings: { googlePlaces: GooglePlacesSettings },
) {
  const repository = createReviewRepository(shared.db);
  const admin = createReviewAdmin(shared.db, shared.revalidation);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerReviewRoutes(
        app,
        { googlePlaces: settings.googlePlaces, ...(shared.jobs ? { jobs: shared.jobs } : {}) },
        repository,
      );
      registerReviewAdminRoutes(app, admin);
    },
  };
}

export type ReviewModule = ReturnType<typeof createReviewModule>;
