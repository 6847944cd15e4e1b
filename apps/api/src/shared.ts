import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { JobRunner } from './lib/jobs';
import type { SharedCounters } from './lib/shared-counters';
import type { SiteCache } from './lib/site-cache';
import type { SiteParameterReader } from './lib/site-parameter-values';
import type { BackgroundTasks } from './plugins/background-tasks';
import type { Mailer } from './plugins/mail';
import type { FileStorage } from './plugins/storage';
import type { StorefrontRevalidation } from './plugins/storefront-revalidation';

/**
 * The pieces compose.ts builds once and hands to the modules (decision 0088). A module's factory
 * (`modules/<feature>/index.ts`) takes the ones it needs, as `Pick<SharedPieces, …>`, plus the
 * faces of the modules it calls; only a factory gives `db` to its own repositories.
 */
export interface SharedPieces {
  /** The open database (Drizzle). */
  db: Db;
  /** Per-site cache of reference data and kept answers (lib/site-cache.ts). */
  siteCache: SiteCache;
  /** The clock of holds, lead times, expiries and dates in mails; tests move it. */
  now: () => Date;
  /** A site's parameters, read through the cache (built once by the parameter module). */
  readParameters: SiteParameterReader;
  /** Uploaded files (a local folder or an S3 bucket). */
  storage: FileStorage;
  /** Mails, written to the outbox and sent by the mail-delivery job. */
  mailer: Mailer;
  /** Tells the storefront which of a site's cached groups changed. */
  revalidation: StorefrontRevalidation;
  /** Counters every instance shares (Redis), kept in this process while Redis does not answer. */
  counters: SharedCounters;
  /** Where background jobs run; unset, each module starts its in-process interval runner. */
  jobs?: JobRunner;
  /** Work that finishes after the answer (a mail to the site), awaited before the app closes. */
  backgroundTasks: BackgroundTasks;
  /** The app's logger (listener and job failures). */
  log: FastifyBaseLogger;
  /** NODE_ENV=production: links in mails use the site's prodUrl. */
  production: boolean;
}
