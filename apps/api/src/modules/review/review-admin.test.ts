import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminReviewSchema, REVIEW_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin-reviews';
import { reviews } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';
import { createReviewRepository } from './review-repository';

let harness: AdminHarness;
let otherSiteReviewId: number;

async function siteReviews(siteId: number) {
  return harness.db.select().from(reviews).where(eq(reviews.siteId, siteId));
}

async function publicReviews() {
  const response = await siteRequest(harness.testApp.app, 91, {
    method: 'GET',
    url: '/google/reviews?nbItem=100',
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    list: { id: number }[];
    total: number;
    averageRating: number | null;
    ratingCount: number;
  };
}

function setHidden(id: number, hidden: unknown, token = harness.tokens.admin) {
  return harness.send('PUT', `/admin/review/${id}/visibility`, { token, payload: { hidden } });
}

beforeAll(async () => {
  harness = await createAdminHarness();
  const [other] = await harness.db
    .insert(reviews)
    .values({
      siteId: 92,
      externalId: 'places/cave/reviews/1',
      authorName: 'Paul V.',
      rating: 5,
      text: 'Belle cave.',
      publishedAt: new Date('2026-10-01T10:00:00Z'),
    })
    .returning({ id: reviews.id });
  otherSiteReviewId = other!.id;
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.resetRevalidations();
});

describe('the role matrix over the reviews routes', () => {
  it('GET /admin/review', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/review' }));
  });

  it('PUT /admin/review/:id/visibility', async () => {
    const [review] = await siteReviews(91);
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: `/admin/review/${review!.id}/visibility`,
      payload: { hidden: false },
    }));
  });
});

describe("the owner's choice of reviews", () => {
  it('lists every review of the site with its author, rating, date, text and visibility', async () => {
    const response = await harness.send('GET', '/admin/review', { token: harness.tokens.admin });
    expect(response.statusCode).toBe(200);
    const list = response.json().data.map((row: unknown) => adminReviewSchema.parse(row));
    expect(list.length).toBe((await siteReviews(91)).length);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((review: { hidden: boolean }) => !review.hidden)).toBe(true);
    expect(list.map((review: { id: number }) => review.id)).not.toContain(otherSiteReviewId);
    const dates = list.map((review: { publishedAt: string }) => review.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('hides a review from the public list, audits it, refreshes the reviews tag, then shows it again', async () => {
    const before = await publicReviews();
    const target = before.list[0]!;
    const response = await setHidden(target.id, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: target.id, hidden: true });
    expect(await harness.revalidatedTags()).toEqual([['site:91:reviews']]);
    const [entry] = await harness.auditRows(91, 'review');
    expect(entry).toMatchObject({ action: 'update', entityId: String(target.id) });
    expect(entry!.before).toEqual({ hidden: false });
    expect(entry!.after).toEqual({ hidden: true });

    const hidden = await publicReviews();
    expect(hidden.list.map((review) => review.id)).not.toContain(target.id);
    expect(hidden.total).toBe(before.total - 1);
    // The average still counts every stored review (decision 0069).
    expect(hidden.ratingCount).toBe(before.ratingCount);
    expect(hidden.averageRating).toBe(before.averageRating);

    expect((await setHidden(target.id, false, harness.tokens.superAdmin)).statusCode).toBe(200);
    expect((await publicReviews()).list.map((review) => review.id)).toContain(target.id);
  });

  it('keeps a hidden review hidden when Google sends it again', async () => {
    const [review] = await siteReviews(91);
    expect((await setHidden(review!.id, true)).statusCode).toBe(200);
    await createReviewRepository(harness.db).upsert([
      {
        siteId: 91,
        source: 'GOOGLE',
        externalId: review!.externalId,
        authorName: review!.authorName,
        authorPhotoUrl: null,
        rating: review!.rating,
        text: 'Texte modifié par son auteur.',
        publishedAt: review!.publishedAt,
        fetchedAt: new Date(),
      },
    ]);
    const [refetched] = await harness.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.siteId, 91), eq(reviews.id, review!.id)));
    expect(refetched).toMatchObject({ hidden: true, text: 'Texte modifié par son auteur.' });
    expect((await setHidden(review!.id, false)).statusCode).toBe(200);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await siteReviews(91);
    const [review] = before;
    for (const hidden of ['oui', null, 1, undefined]) {
      const response = await setHidden(review!.id, hidden);
      expect(response.statusCode, String(hidden)).toBe(422);
    }
    expect(await siteReviews(91)).toEqual(before);
    expect(await harness.revalidatedTags()).toEqual([]);
  });

  it("answers 404 for another site's review and for an unknown one, changing nothing", async () => {
    for (const id of [otherSiteReviewId, 999_999]) {
      const response = await setHidden(id, true);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(REVIEW_NOT_FOUND_MESSAGE);
    }
    const [other] = await siteReviews(92);
    expect(other!.hidden).toBe(false);
    expect(await harness.revalidatedTags()).toEqual([]);
  });
});
