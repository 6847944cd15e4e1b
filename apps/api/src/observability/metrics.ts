import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRunner } from '../lib/jobs';
import type { SiteCache } from '../lib/site-cache';
import type { MailQueueFigures } from '../modules/mail';
import { TopSites } from '@comptoir/domain/top-sites';

/*
 * What an operator watches (issue 31, decision 0118): the API's figures in Prometheus' text
 * format. Labels name routes by their template, sites by their id (the busiest ones only), queues
 * and cache keys: never a raw URL, an address, a user, a token or anything a client chose.
 */

/** Seconds; from a kept answer (well under a millisecond) to a slow export. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (a 404): one series, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The mail queue is counted at most this often: failed mails have no index (see queueFigures). */
const MAIL_FIGURES_MAX_AGE_MS = 60_000;
/** Long enough for the gauges of one scrape to share one read of the job queues. */
const JOB_FIGURES_MAX_AGE_MS = 2_000;

export interface ApiMetricsSources {
  siteCache: SiteCache;
  /** The PostgreSQL connection pool; absent on PGlite, which has one connection. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  mailQueue: () => Promise<MailQueueFigures>;
  /** pg-boss, where it runs: its queues' backlog. */
  jobs?: Pick<JobRunner, 'queueFigures'>;
  /** How many sites get a series of their own in comptoir_site_requests_total. */
  topSites: number;
  /** Where a figure that could not be read is reported (it is left out of that scrape). */
  onCollectError: (source: string, error: unknown) => void;
  now?: () => number;
}

export interface ApiMetrics {
  /** The registry to scrape (Registry.metrics(), Registry.contentType). */
  registry: Registry;
  /** One answered request: its route template, status, duration and site (null: none). */
  observeRequest(request: {
    method: string;
    route: string;
    status: number;
    seconds: number;
    siteId: number | null;
  }): void;
}

export function createApiMetrics(sources: ApiMetricsSources): ApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  const now = sources.now ?? Date.now;
  // The process: CPU, resident memory, heap, event-loop lag, handles (prom-client's defaults).
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'comptoir_http_request_duration_seconds',
    help: 'API requests by method, route template and status: duration, and their count (_count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const topSites = new TopSites(sources.topSites);
  new Counter({
    name: 'comptoir_site_requests_total',
    help: `API requests per site: the ${sources.topSites} busiest sites by id, the others summed under site="other"`,
    labelNames: ['site'] as const,
    registers,
    collect() {
      this.reset();
      for (const { site, count } of topSites.series()) this.inc({ site }, count);
    },
  });

  new Counter({
    name: 'comptoir_site_cache_lookups_total',
    help: 'Lookups of the per-site cache by key: hit (kept) or miss (loaded from the database)',
    labelNames: ['key', 'outcome'] as const,
    registers,
    collect() {
      this.reset();
      for (const [key, counts] of sources.siteCache.lookupCounts()) {
        this.inc({ key, outcome: 'hit' }, counts.hits);
        this.inc({ key, outcome: 'miss' }, counts.misses);
      }
    },
  });

  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'comptoir_db_pool_connections',
      help: 'PostgreSQL connection pool: total and idle connections, and queries waiting for one',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const readMailFigures = keptFor(MAIL_FIGURES_MAX_AGE_MS, now, sources.mailQueue);
  /** The mail figures of this scrape, or null (reported) when they cannot be read. */
  const mailFigures = () =>
    readMailFigures().catch((error: unknown) => {
      sources.onCollectError('mail outbox', error);
      return null;
    });
  new Gauge({
    name: 'comptoir_mail_outbox_mails',
    help: 'Mails of the outbox of every site waiting to be sent (pending) or given up (failed)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const figures = await mailFigures();
      if (!figures) return;
      this.set({ status: 'pending' }, figures.pending);
      this.set({ status: 'failed' }, figures.failed);
    },
  });
  new Gauge({
    name: 'comptoir_mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail waiting to be sent, 0 when none waits',
    registers,
    async collect() {
      this.reset();
      const figures = await mailFigures();
      if (figures) this.set(figures.oldestPendingSeconds);
    },
  });

  const jobs = sources.jobs;
  if (jobs?.queueFigures) {
    // Both gauges of one scrape share one query.
    const readQueues = keptFor(JOB_FIGURES_MAX_AGE_MS, now, jobs.queueFigures.bind(jobs));
    const queueFigures = () =>
      readQueues().catch((error: unknown) => {
        sources.onCollectError('job queues', error);
        return [];
      });
    new Gauge({
      name: 'comptoir_job_queue_jobs',
      help: 'pg-boss: jobs per queue that wait to run, run now, or failed (kept for pg-boss retention)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        const queues = await queueFigures();
        this.reset();
        for (const queue of queues) {
          this.set({ queue: queue.queue, state: 'waiting' }, queue.waiting);
          this.set({ queue: queue.queue, state: 'active' }, queue.active);
          this.set({ queue: queue.queue, state: 'failed' }, queue.failed);
        }
      },
    });
    new Gauge({
      name: 'comptoir_job_queue_oldest_waiting_seconds',
      help: 'pg-boss: age of the oldest job of a queue that waits to run, 0 when none waits',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const queues = await queueFigures();
        this.reset();
        for (const queue of queues) this.set({ queue: queue.queue }, queue.oldestWaitingSeconds);
      },
    });
  }

  return {
    registry,
    observeRequest({ method, route, status, seconds, siteId }) {
      requestDuration.observe({ method, route, status: String(status) }, seconds);
      if (siteId !== null) topSites.record(siteId);
    },
  };
}

/** `read`, called again only once its last answer is `maxAgeMs` old; a failure is not kept. */
function keptFor<T>(maxAgeMs: number, now: () => number, read: () => Promise<T>): () => Promise<T> {
  let kept: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (kept && now() - kept.at < maxAgeMs) return kept.value;
    const value = read();
    const entry = { at: now(), value };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = null;
    });
    return value;
  };
}
