import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createPgBossJobRunner } from '../../lib/pg-boss-jobs';
import { databaseUrl, describeOnPostgres, onServer, postgresServerUrl } from '../../test/postgres';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createReviewRefresher,
  REFRESH_INTERVAL_MS,
  REVIEWS_JOB_INTERVAL_MS,
  REVIEWS_JOB_NAME,
} from './review-refresh';
import { createReviewRepository } from './review-repository';

const sample = readFileSync(
  new URL('./google-places-details-sample.json', import.meta.url),
  'utf8',
);
const placesAnswer = () =>
  vi.fn<typeof fetch>(
    async () =>
      new Response(sample, { status: 200, headers: { 'content-type': 'application/json' } }),
  );

/*
 * Two pg-boss runners on one PostgreSQL database stand for two API instances, each with its own
 * refresher (decision 0068). Runs where a server is at TEST_DATABASE_URL.
 */
describeOnPostgres('the refresh job on two instances (pg-boss)', () => {
  const name = `comptoir_reviews_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(async () => {
    await testApp?.close();
    await onServer(postgresServerUrl!, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('fetches a due site once, whichever instance runs the job', async () => {
    await onServer(postgresServerUrl!, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = databaseUrl(postgresServerUrl!, name);
    const doFetch = placesAnswer();
    // Far later than the seed's last fetch: site 91's reviews are due.
    const clock = { now: Date.now() + 100 * REFRESH_INTERVAL_MS };
    const errors: unknown[] = [];
    let runs = 0;
    const runners = [
      await createPgBossJobRunner({
        connectionString: url,
        onError: (_, error) => errors.push(error),
        pollingIntervalSeconds: 0.5,
      }),
      await createPgBossJobRunner({
        connectionString: url,
        onError: (_, error) => errors.push(error),
        pollingIntervalSeconds: 0.5,
      }),
    ];
    try {
      for (const runner of runners) {
        const refresher = createReviewRefresher({
          settings: { apiKey: 'test-key', placeIds: new Map([[91, 'ChIJ-atelier']]) },
          repository: createReviewRepository(testApp.database.db),
          log: testApp.app.log,
          fetch: doFetch,
          now: () => clock.now,
        });
        runner.every(REVIEWS_JOB_NAME, REVIEWS_JOB_INTERVAL_MS, async () => {
          runs += 1;
          return refresher.refreshDue();
        });
      }
      const deadline = Date.now() + 15_000;
      while (doFetch.mock.calls.length === 0 && Date.now() < deadline) await sleep(100);
      // Both instances offered the hour's job and poll the queue: still one run, one call.
      await sleep(3_000);
      expect(runs).toBe(1);
      expect(doFetch).toHaveBeenCalledTimes(1);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });
});
