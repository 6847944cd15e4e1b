import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviewListSchema } from '@comptoir/contract/review';
import { reviews } from '../../db/schema';
import type { JobRunner } from '../../lib/jobs';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NO_GOOGLE_PLACES, PLACES_API_BASE_URL, type GooglePlacesSettings } from './google-places';
import {
  createReviewRefresher,
  REFRESH_INTERVAL_MS,
  RETRY_AFTER_FAILURE_MS,
  REVIEWS_JOB_INTERVAL_MS,
  REVIEWS_JOB_NAME,
} from './review-refresh';
import { createReviewRepository } from './review-repository';

const sample = readFileSync(
  new URL('./google-places-details-sample.json', import.meta.url),
  'utf8',
);

let testApp: TestApp;
const globalFetch = vi.fn<typeof fetch>();

beforeAll(async () => {
  // This app has no Google key (tests never read process.env): nothing may be fetched.
  testApp = await createTestApp();
  vi.stubGlobal('fetch', globalFetch);
  await testApp.app.ready();
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await testApp?.close();
});

const placesAnswer = () =>
  vi.fn<typeof fetch>(
    async () =>
      new Response(sample, { status: 200, headers: { 'content-type': 'application/json' } }),
  );

function get(siteId: number, query: Record<string, string> = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url: '/google/reviews', query });
}

async function list(siteId: number, query: Record<string, string> = {}) {
  const response = await get(siteId, query);
  expect(response.statusCode, response.body).toBe(200);
  return reviewListSchema.parse(response.json().data);
}

describe('GET /google/reviews', () => {
  it("serves site 91's stored reviews newest first, with their author, rating, text and date", async () => {
    const answer = await list(91);
    expect(answer.total).toBe(7);
    expect(answer.list.map((review) => review.authorName)).toEqual([
      'Sophie L.',
      'Nathalie R.',
      'Camille B.',
      'Marc D.',
      'Élodie G.',
      'Isabelle M.',
      'Aurélie P.',
    ]);
    expect(answer.list[0]).toMatchObject({
      source: 'GOOGLE',
      rating: 5,
      authorPhotoUrl: null,
      publishedAt: '2026-10-14T14:20:00.000Z',
    });
    expect(answer.list[0]?.text).toContain('colorimétrie');
  });

  it('gives the average of all reviews with one decimal, and how many there are', async () => {
    const answer = await list(91);
    // (5 + 5 + 4 + 5 + 3 + 5 + 4) / 7 = 4.43
    expect(answer.averageRating).toBe(4.4);
    expect(answer.ratingCount).toBe(7);
  });

  it('keeps only the reviews rated at least `from` stars, the average still counting all', async () => {
    const fourAndMore = await list(91, { from: '4' });
    expect(fourAndMore.total).toBe(6);
    expect(fourAndMore.list.every((review) => review.rating >= 4)).toBe(true);
    expect(fourAndMore.averageRating).toBe(4.4);
    expect((await list(91, { from: '5' })).total).toBe(4);
    expect((await list(91, { from: '1' })).total).toBe(7);
  });

  it('pages by 10 by default and with page and nbItem on request', async () => {
    expect((await list(91)).list).toHaveLength(7);
    const second = await list(91, { page: '2', nbItem: '3' });
    expect(second.list.map((review) => review.authorName)).toEqual([
      'Marc D.',
      'Élodie G.',
      'Isabelle M.',
    ]);
    expect(second.total).toBe(7);
  });

  it('serves each site only its own reviews; a site without any has no average', async () => {
    expect(await list(92)).toEqual({ list: [], total: 0, averageRating: null, ratingCount: 0 });
    await testApp.database.db.insert(reviews).values({
      siteId: 92,
      externalId: 'places/x/reviews/wine-1',
      authorName: 'Bruno V.',
      rating: 5,
      text: 'Dégustation mémorable.',
      publishedAt: new Date('2026-11-20T10:00:00Z'),
      fetchedAt: new Date('2026-11-20T10:00:00Z'),
    });
    expect((await list(92)).list.map((review) => review.authorName)).toEqual(['Bruno V.']);
    expect((await list(91)).list.map((review) => review.authorName)).not.toContain('Bruno V.');
  });

  it.each([
    ['from', '0'],
    ['from', '6'],
    ['from', 'quatre'],
    ['from', '4.5'],
    ['page', '0'],
    ['nbItem', '1001'],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe(key);
  });

  it('fetches nothing from Google when no key is configured', async () => {
    await list(91);
    await list(92);
    await testApp.app.backgroundTasks.idle();
    expect(globalFetch).not.toHaveBeenCalled();
  });
});

describe('the Google Places refresh job', () => {
  /** The refresher's clock; fetched_at values written by the refresher come from it. */
  const start = Date.now();
  const day = REFRESH_INTERVAL_MS;
  const site92 = { apiKey: 'test-key', placeIds: new Map([[92, 'ChIJ3S-JXmauEmsRUcIaWtf4MzE']]) };

  function refresherWith(
    settings: GooglePlacesSettings,
    doFetch: typeof fetch,
    clock: { now: number },
    storefront?: { revalidate: (siteId: number, groups: readonly string[]) => void },
  ) {
    return createReviewRefresher({
      settings,
      repository: createReviewRepository(testApp.database.db),
      log: testApp.app.log,
      fetch: doFetch,
      storefront,
      now: () => clock.now,
    });
  }

  async function googleReviewsOf(siteId: number) {
    const [row] = await testApp.database.db
      .select({ total: count() })
      .from(reviews)
      .where(and(eq(reviews.siteId, siteId), eq(reviews.source, 'GOOGLE')));
    return row?.total ?? 0;
  }

  it('fetches nothing without a key, nor for a site without a place id', async () => {
    const doFetch = placesAnswer();
    const clock = { now: start };
    await refresherWith(NO_GOOGLE_PLACES, doFetch, clock).refreshDue();
    expect(
      await refresherWith(
        { ...NO_GOOGLE_PLACES, placeIds: site92.placeIds },
        doFetch,
        clock,
      ).refreshDue(),
    ).toEqual({ fetched: [], failed: [] });
    expect(doFetch).not.toHaveBeenCalled();
  });

  it('fetches a due place once a day, whatever the runs in between, and upserts its reviews', async () => {
    const before = await googleReviewsOf(92);
    const doFetch = placesAnswer();
    const clock = { now: start };
    const refresher = refresherWith(site92, doFetch, clock);

    expect(await refresher.refreshDue()).toEqual({ fetched: [92], failed: [] });
    expect(doFetch).toHaveBeenCalledTimes(1);
    const [url, init] = doFetch.mock.calls[0]!;
    expect(url).toBe(`${PLACES_API_BASE_URL}ChIJ3S-JXmauEmsRUcIaWtf4MzE`);
    expect(init?.headers).toEqual({ 'X-Goog-Api-Key': 'test-key', 'X-Goog-FieldMask': 'reviews' });
    expect(await googleReviewsOf(92)).toBe(before + 4);
    const answer = reviewListSchema.parse((await get(92)).json().data);
    expect(answer.list.map((review) => review.authorName)).toContain('Martine Olivier');

    // The hourly runs of the day find nothing due.
    for (let hour = 1; hour < 24; hour += 1) {
      clock.now = start + hour * REVIEWS_JOB_INTERVAL_MS - 60_000;
      expect(await refresher.refreshDue()).toEqual({ fetched: [], failed: [] });
    }
    expect(doFetch).toHaveBeenCalledTimes(1);

    clock.now = start + day + 60_000;
    await refresher.refreshDue();
    expect(doFetch).toHaveBeenCalledTimes(2);
    // Known reviews are updated in place, not duplicated.
    expect(await googleReviewsOf(92)).toBe(before + 4);
  });

  it('takes the schedule from the database: another instance, or a restart, fetches nothing new', async () => {
    const doFetch = placesAnswer();
    // The previous test last wrote site 92's reviews a day and a minute after `start`.
    const clock = { now: start + day + 2 * 60 * 60 * 1000 };
    await refresherWith(site92, doFetch, clock).refreshDue();
    expect(doFetch).not.toHaveBeenCalled();
  });

  it('retries a failed fetch at the next run, an hour later, without failing the job', async () => {
    const failing = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ error: { message: 'API key not valid.' } }), {
          status: 400,
        }),
    );
    const clock = { now: start + 10 * day };
    const refresher = refresherWith(site92, failing, clock);
    expect(await refresher.refreshDue()).toEqual({ fetched: [], failed: [92] });
    expect(failing).toHaveBeenCalledTimes(1);
    clock.now += REVIEWS_JOB_INTERVAL_MS;
    expect(REVIEWS_JOB_INTERVAL_MS).toBe(RETRY_AFTER_FAILURE_MS);
    await refresher.refreshDue();
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('fetches a place whose answer holds no review once a day, not at every run', async () => {
    const empty = vi.fn<typeof fetch>(
      async () =>
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const clock = { now: start };
    const refresher = refresherWith(
      { apiKey: 'test-key', placeIds: new Map([[93, 'ChIJ-sans-avis']]) },
      empty,
      clock,
    );
    await refresher.refreshDue();
    clock.now += REVIEWS_JOB_INTERVAL_MS;
    await refresher.refreshDue();
    expect(empty).toHaveBeenCalledTimes(1);
    clock.now = start + day;
    await refresher.refreshDue();
    expect(empty).toHaveBeenCalledTimes(2);
  });

  it('runs once for simultaneous calls', async () => {
    const doFetch = placesAnswer();
    const clock = { now: start + 20 * day };
    const refresher = refresherWith(site92, doFetch, clock);
    await Promise.all([refresher.refreshDue(), refresher.refreshDue(), refresher.refreshDue()]);
    expect(doFetch).toHaveBeenCalledTimes(1);
  });

  it("tells the storefront to refresh the site's reviews once new ones are stored, and only then", async () => {
    const revalidate = vi.fn();
    // Later than every fetch the tests above stored, so this one is due.
    const clock = { now: start + 30 * day };
    await refresherWith(site92, placesAnswer(), clock, { revalidate }).refreshDue();
    expect(revalidate).toHaveBeenCalledExactlyOnceWith(92, ['reviews']);

    const failing = vi.fn<typeof fetch>(async () => new Response('quota', { status: 429 }));
    clock.now += 2 * day;
    await refresherWith(site92, failing, clock, { revalidate }).refreshDue();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});

describe('the refresh job in the API', () => {
  const env = {
    GOOGLE_PLACES_API_KEY: 'test-key',
    GOOGLE_PLACES_PLACE_IDS: '92:ChIJ3S-JXmauEmsRUcIaWtf4MzE',
  };

  beforeAll(() => {
    globalFetch.mockImplementation(placesAnswer());
  });
  afterAll(() => {
    globalFetch.mockReset();
  });

  it('is a recurring job; reading the reviews starts no fetch, the job fetches the due site once', async () => {
    const jobs = new Map<string, { intervalMs: number; work: () => Promise<unknown> }>();
    const manualJobs: JobRunner = {
      every(name, intervalMs, work) {
        jobs.set(name, { intervalMs, work });
      },
      async stop() {},
    };
    const configured = await createTestApp({ env, jobs: manualJobs });
    try {
      await configured.app.ready();
      globalFetch.mockClear();
      const job = jobs.get(REVIEWS_JOB_NAME);
      expect(job?.intervalMs).toBe(REVIEWS_JOB_INTERVAL_MS);

      const read = () => siteRequest(configured.app, 92, { method: 'GET', url: '/google/reviews' });
      expect((await read()).json().data.total).toBe(0);
      await read();
      await configured.app.backgroundTasks.idle();
      expect(globalFetch).not.toHaveBeenCalled();

      await job!.work();
      expect(globalFetch).toHaveBeenCalledTimes(1);
      expect((await read()).json().data.total).toBe(4);
      // The next period's run, on this instance or another, finds nothing due.
      await job!.work();
      expect(globalFetch).toHaveBeenCalledTimes(1);
    } finally {
      await configured.close();
    }
  });

  it('on one process without a job queue, fetches the due sites once at the start, not on reads', async () => {
    const single = await createTestApp({ env });
    try {
      globalFetch.mockClear();
      await single.app.ready();
      await single.app.backgroundTasks.idle();
      expect(globalFetch).toHaveBeenCalledTimes(1);
      for (let read = 0; read < 3; read += 1) {
        await siteRequest(single.app, 92, { method: 'GET', url: '/google/reviews' });
      }
      await single.app.backgroundTasks.idle();
      expect(globalFetch).toHaveBeenCalledTimes(1);
    } finally {
      await single.close();
    }
  });
});
