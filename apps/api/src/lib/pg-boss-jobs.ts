import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { JobQueueFigures, JobRunner } from './jobs';

/** How often a job that failed is tried again before it stays failed (visible in pgboss.job). */
const RETRY_LIMIT = 3;

/** A run past its job's expiry fails, as pg-boss's own workers do: another may run it by then. */
async function withinSeconds(run: Promise<unknown>, seconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Run longer than ${seconds} s`)), seconds * 1000);
  });
  try {
    await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL stopped answering the jobs (said once per outage), or answers again. */
export type JobsDatabaseOutage = { down: true; error: unknown } | { down: false; downMs: number };

/**
 * JobRunner on PostgreSQL (pg-boss 10; decision 0068): with several API instances, a recurring
 * job runs once per period across all of them, the first period's run as soon as an instance is up. Every instance offers a job for the current period
 * (pg-boss's `singletonSeconds` keeps one per name and period) and works the queue; the queue's
 * `singleton` policy lets one run be active at a time. A failed run is retried, then stays
 * `failed` in pgboss.job; a run cut by a crash expires and is retried by another instance.
 *
 * PostgreSQL restarting (decision 0116): each instance fetches, runs and settles its jobs itself
 * (pg-boss's fetch, complete and fail) rather than through `boss.work`, which settles a run
 * without waiting: a run that ends while the server is down would reject unhandled (the process
 * stops) and stay `active` until it expires, then run a second time. Here the outcome is kept and
 * settled once the server answers again, before any other job of that name is fetched. Errors
 * that only say PostgreSQL does not answer are told once per outage (`onDatabaseOutage`).
 */
export async function createPgBossJobRunner(options: {
  connectionString: string;
  onError: (name: string, error: unknown) => void;
  /** Unset: the outage's first error goes to onError, once. */
  onDatabaseOutage?: (change: JobsDatabaseOutage) => void;
  /** How often an instance asks for a job (pg-boss's minimum is half a second). */
  pollingIntervalSeconds?: number;
}): Promise<JobRunner & { boss: PgBoss }> {
  const boss = new PgBoss({ connectionString: options.connectionString, max: 4 });
  let outageSince: number | null = null;
  const reportOutage =
    options.onDatabaseOutage ??
    ((change: JobsDatabaseOutage) => {
      if (change.down) options.onError('pg-boss', change.error);
    });
  /** A failure: PostgreSQL's absence is told once per outage, anything else each time. */
  const failed = (name: string, error: unknown) => {
    if (!isDatabaseUnavailable(error)) {
      options.onError(name, error);
      return;
    }
    if (outageSince !== null) return;
    outageSince = Date.now();
    reportOutage({ down: true, error });
  };
  /**
   * PostgreSQL answered a query of the jobs sent at `sentAt`: an outage under way is over. A
   * query sent before the outage began proves nothing (it may have been answered just before the
   * stop, and come back late on a loaded machine): the outage would be told over twice.
   */
  const answered = (sentAt: number) => {
    if (outageSince === null || sentAt <= outageSince) return;
    const downMs = Date.now() - outageSince;
    outageSince = null;
    reportOutage({ down: false, downMs });
  };
  boss.on('error', (error: unknown) => failed('pg-boss', error));
  await boss.start();
  const pollingMs = Math.max(500, (options.pollingIntervalSeconds ?? 2) * 1000);
  const stopping = new AbortController();
  const loops: Promise<void>[] = [];

  /** Waits a polling interval, or less if the runner stops meanwhile. */
  const pause = () =>
    sleep(pollingMs, undefined, { signal: stopping.signal }).catch(() => undefined);

  /**
   * One instance's worker of a queue: fetches a job, runs it, settles it. An outcome PostgreSQL
   * could not record is tried again each interval, and no other job is fetched until it is.
   */
  async function workQueue(name: string, work: () => Promise<unknown>): Promise<void> {
    let unsettled: { id: string; error: unknown } | null = null;
    const settle = async ({ id, error }: { id: string; error: unknown }) => {
      const sentAt = Date.now();
      if (error === undefined) await boss.complete(name, id);
      else await boss.fail(name, id, error instanceof Error ? error : { value: String(error) });
      answered(sentAt);
    };
    while (!stopping.signal.aborted) {
      try {
        if (unsettled) {
          await settle(unsettled);
          unsettled = null;
        }
        // pg-boss's fetch answers no job when the query fails: the outage is seen elsewhere.
        const fetchedAt = Date.now();
        const [job] = await boss.fetch(name);
        if (job) {
          answered(fetchedAt);
          let error: unknown;
          try {
            await withinSeconds(work(), job.expireInSeconds);
          } catch (caught) {
            // Logged here, kept by pg-boss (retried, then `failed` with its error).
            failed(name, caught);
            error = caught ?? new Error('Job failed');
          }
          unsettled = { id: job.id, error };
          await settle(unsettled);
          unsettled = null;
          continue;
        }
      } catch (error) {
        failed(name, error);
      }
      await pause();
    }
    // Stopping: a last try; an outcome still unsettled leaves its job to expire and run again.
    if (unsettled) await settle(unsettled).catch((error: unknown) => failed(name, error));
  }

  const timers: NodeJS.Timeout[] = [];
  const setups: Promise<void>[] = [];
  let stopped: Promise<void> | undefined;
  const queueNames: string[] = [];

  /**
   * Creates the job's queue unless it exists. Instances starting together may deadlock inside
   * pg-boss's create_queue: one of them loses, waits a moment and looks again.
   */
  async function ensureQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, policy: 'singleton', retryLimit: RETRY_LIMIT });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(100 + Math.random() * 400);
      }
    }
  }
  // One queue created at a time by this instance.
  let queuesReady: Promise<void> = Promise.resolve();

  return {
    boss,
    every(name, intervalMs, work) {
      queueNames.push(name);
      const periodSeconds = Math.max(1, Math.round(intervalMs / 1000));
      const offer = () => {
        const sentAt = Date.now();
        return boss
          .send(name, {}, { singletonSeconds: periodSeconds, retryLimit: RETRY_LIMIT })
          .then(() => answered(sentAt))
          .catch((error: unknown) => failed(name, error));
      };
      const setup = (queuesReady = queuesReady.then(() => ensureQueue(name)))
        .then(() => {
          if (!stopping.signal.aborted) loops.push(workQueue(name, work));
        })
        .then(async () => {
          if (stopped) return;
          // The current period's run at once (made once, whichever instance starts first or
          // restarts), then twice a period: a late timer never skips a period; the period's job is made once.
          await offer();
          const timer = setInterval(offer, Math.max(500, intervalMs / 2));
          timer.unref();
          timers.push(timer);
        })
        .catch((error: unknown) => failed(name, error));
      setups.push(setup);
    },
    async queueFigures(): Promise<JobQueueFigures[]> {
      // pg-boss's states are an enum in this order: created < retry < active < completed…
      const { rows } = await boss.getDb().executeSql(
        `SELECT name,
           count(*) FILTER (WHERE state < 'active' AND start_after <= now())::int AS waiting,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE state = 'failed')::int AS failed,
           coalesce(extract(epoch FROM now() - min(created_on)
             FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS oldest
         FROM pgboss.job WHERE name = ANY($1) GROUP BY name`,
        [queueNames],
      );
      const byName = new Map(
        (
          rows as {
            name: string;
            waiting: number;
            active: number;
            failed: number;
            oldest: number;
          }[]
        ).map((row) => [row.name, row]),
      );
      return queueNames.map((queue) => {
        const row = byName.get(queue);
        return {
          queue,
          waiting: row?.waiting ?? 0,
          active: row?.active ?? 0,
          failed: row?.failed ?? 0,
          oldestWaitingSeconds: Math.max(0, row?.oldest ?? 0),
        };
      });
    },
    stop() {
      stopped ??= (async () => {
        await Promise.all(setups);
        for (const timer of timers) clearInterval(timer);
        // Waits for the runs under way and their outcomes.
        stopping.abort();
        await Promise.all(loops);
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      })();
      return stopped;
    },
  };
}
