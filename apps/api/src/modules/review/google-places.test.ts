import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewsFromPlaceDetails } from './google-places';

/**
 * A Place Details (New) answer with the `reviews` field mask, in the shape Google documents
 * (resource names, localized text and original text, author attribution, RFC 3339 times). The
 * people, places and ids are made up; it stands in for the network in every test.
 */
const sample: unknown = JSON.parse(
  readFileSync(new URL('./google-places-details-sample.json', import.meta.url), 'utf8'),
);
const fetchedAt = new Date('2026-11-21T08:00:00Z');

describe('reviewsFromPlaceDetails', () => {
  const { rows, skipped } = reviewsFromPlaceDetails(91, sample, fetchedAt);

  it('turns each documented review into a row keyed by its resource name', () => {
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      siteId: 91,
      source: 'GOOGLE',
      externalId: 'places/ChIJ3S-JXmauEmsRUcIaWtf4MzE/reviews/ChZDSUhNMG9nS0VJQ0FnSUR3N2VTV0JREAE',
      authorName: 'Martine Olivier',
      authorPhotoUrl:
        'https://lh3.googleusercontent.com/a-/ALV-UjWm2s8dExample=s128-c0x00000000-cc-rp-mo',
      rating: 5,
      text: 'Accueil adorable et conseils précieux : je connais enfin mes couleurs !',
      publishedAt: new Date('2026-11-05T14:32:07.512Z'),
      fetchedAt,
    });
  });

  it("keeps the author's own words rather than Google's translation", () => {
    expect(rows[1]?.text).toBe('Great haircut, a bit of a wait on Saturday though.');
  });

  it('keeps a rating without a comment, with no text and no picture', () => {
    expect(rows[2]).toMatchObject({
      authorName: 'Gaëlle Rousseau',
      text: null,
      authorPhotoUrl: null,
    });
  });

  it('drops an author picture that is not served over https', () => {
    expect(rows[1]?.authorPhotoUrl).toBeNull();
  });

  it('keeps low ratings too: the storefront decides what to show', () => {
    expect(rows.map((row) => row.rating)).toEqual([5, 4, 5, 2]);
  });

  it('skips a review without a resource name and counts it', () => {
    expect(skipped).toBe(1);
  });

  it('maps an answer without reviews, or an unexpected body, to no row', () => {
    expect(reviewsFromPlaceDetails(91, {}, fetchedAt)).toEqual({ rows: [], skipped: 0 });
    expect(reviewsFromPlaceDetails(91, 'Service Unavailable', fetchedAt)).toEqual({
      rows: [],
      skipped: 0,
    });
  });
});
