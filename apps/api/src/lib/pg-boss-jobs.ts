import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { JobQueueFigures, JobRunner } from './jobs';

/** How often a job that failed is tried again before it stays failed (visible in pgboss.job). */
const RETRY_LIMIT = 3;

/**
 * JobRunner on PostgreSQL (pg-boss 10; decision 0068): with several API instances, a recurring
 * job runs once per period across all of them, the first period's run as soon as an instance is up. Every instance offers a job for the current period
 * (pg-boss's `singletonSeconds` keeps one per name and period) and works the queue; the queue's
 * `singleton` policy lets one run be active at a time. A failed run is retried, then stays
 * `failed` in pgboss.job; a run cut by a crash expires and is retried by another instance.
 */
export async function createPgBossJobRunner(options: {
  connectionString: string;
  onError: (name: string, error: unknown) => void;
  /** How often an instance asks for a job (pg-boss's minimum is half a second). */
  pollingIntervalSeconds?: number;
}): Promise<JobRunner & { boss: PgBoss }> {
  const boss = new PgBoss({ connectionString: options.connectionString, max: 4 });
  boss.on('error', (error: unknown) => options.onError('pg-boss', error));
  await boss.start();
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
      const offer = () =>
        boss
          .send(name, {}, { singletonSeconds: periodSeconds, retryLimit: RETRY_LIMIT })
          .catch((error: unknown) => options.onError(name, error));
      const setup = (queuesReady = queuesReady.then(() => ensureQueue(name)))
        .then(() =>
          boss.work(
            name,
            { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
            async () => {
              try {
                await work();
              } catch (error) {
                // Logged here, kept by pg-boss (retried, then `failed` with its error).
                options.onError(name, error);
                throw error;
              }
            },
          ),
        )
        .then(async () => {
          if (stopped) return;
          // The current period's run at once (made once, whichever instance starts first or
          // restarts), then twice a period: a late timer never skips a period; the period's job is made once.
          await offer();
          const timer = setInterval(offer, Math.max(500, intervalMs / 2));
          timer.unref();
          timers.push(timer);
        })
        .catch((error: unknown) => options.onError(name, error));
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
        // Waits for the runs under way; one still running after the timeout is left to expire
        // and be retried by another instance.
        await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      })();
      return stopped;
    },
  };
}
