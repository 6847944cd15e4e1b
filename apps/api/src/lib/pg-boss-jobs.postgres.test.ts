import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  databaseUrl as urlOf,
  describeOnPostgres,
  onServer,
  postgresServerUrl,
} from '../test/postgres';
import { createPgBossJobRunner } from './pg-boss-jobs';

/*
 * Two runners on one PostgreSQL database stand for two API instances. Runs where a server is at
 * TEST_DATABASE_URL (pg-boss does not run on PGlite: decision 0068).
 */
describeOnPostgres('jobs on PostgreSQL (pg-boss)', () => {
  const name = `comptoir_jobs_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string;
  beforeAll(async () => {
    await onServer(postgresServerUrl!, (client) => client.query(`CREATE DATABASE "${name}"`));
    databaseUrl = urlOf(postgresServerUrl!, name);
  });
  afterAll(async () => {
    await onServer(postgresServerUrl!, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('runs a recurring job once per period with two instances up, and retries a failure', async () => {
    const errors: unknown[] = [];
    const onError = (_: string, error: unknown) => errors.push(error);
    const runners = [
      await createPgBossJobRunner({
        connectionString: databaseUrl,
        onError,
        pollingIntervalSeconds: 0.5,
      }),
      await createPgBossJobRunner({
        connectionString: databaseUrl,
        onError,
        pollingIntervalSeconds: 0.5,
      }),
    ];
    const runs: { instance: number; at: number }[] = [];
    let failuresLeft = 1;
    const failingRuns: number[] = [];
    runners.forEach((runner, instance) => {
      runner.every('heartbeat', 1_000, async () => {
        runs.push({ instance, at: Date.now() });
      });
      // An hour's period: pg-boss's singleton slots are aligned on the clock, and a minute's
      // boundary falling within the test's 6.5 s would rightly make a second period's job.
      runner.every('flaky', 3_600_000, async () => {
        failingRuns.push(instance);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('SMTP hiccup');
        }
      });
    });
    const started = Date.now();
    await sleep(6_500);
    await Promise.all(runners.map((runner) => runner.stop()));
    const seconds = (Date.now() - started) / 1000;

    // One run per one-second period (two instances would make two without pg-boss), and
    // hardly a period missed.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    // The failed run was retried until it succeeded, once across both instances.
    expect(failingRuns.length).toBe(2);
    expect(errors).toEqual([new Error('SMTP hiccup')]);
  }, 60_000);

  it('reports the waiting, active and failed jobs of each queue for the metrics (decision 0118)', async () => {
    const runner = await createPgBossJobRunner({
      connectionString: databaseUrl,
      onError: () => {},
      pollingIntervalSeconds: 0.5,
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    runner.every('figures-probe', 60_000, async () => {
      started = true;
      await released;
    });
    try {
      for (let attempt = 0; attempt < 50 && !started; attempt += 1) await sleep(200);
      expect(started).toBe(true);
      // A second job of the singleton queue waits while the first runs.
      await runner.boss.send('figures-probe', {});
      const [figures] = await runner.queueFigures!();
      expect(figures).toMatchObject({ queue: 'figures-probe', active: 1, waiting: 1, failed: 0 });
      expect(figures?.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
      expect(figures?.oldestWaitingSeconds).toBeLessThan(60);
    } finally {
      release();
      await runner.stop();
    }
  }, 60_000);
});
