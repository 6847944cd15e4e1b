import { describe, expect, it } from 'vitest';
import {
  authorInitial,
  formatRating,
  formatReviewDate,
  ratingLabel,
  reviewCountLabel,
} from './review-format';

describe('review formatting', () => {
  it('writes ratings with a decimal comma, whole ones without decimals', () => {
    expect(formatRating(4.4)).toBe('4,4');
    expect(formatRating(5)).toBe('5');
  });

  it('names a row of stars for screen readers', () => {
    expect(ratingLabel(5)).toBe('Note : 5 sur 5');
    expect(ratingLabel(4.4, 'Note moyenne')).toBe('Note moyenne : 4,4 sur 5');
  });

  it('counts reviews', () => {
    expect(reviewCountLabel(1)).toBe('d’après 1 avis');
    expect(reviewCountLabel(7)).toBe('d’après 7 avis');
  });

  it('dates a review in French, on its day in France', () => {
    expect(formatReviewDate('2026-10-14T14:20:00.000Z')).toBe('14 octobre 2026');
    // 23:30 in Paris on 31 December is already the next day in UTC.
    expect(formatReviewDate('2026-12-31T22:30:00.000Z')).toBe('31 décembre 2026');
    expect(formatReviewDate('2026-02-28T23:30:00.000Z')).toBe('1 mars 2026');
  });

  it('takes the initial of a name, accents included', () => {
    expect(authorInitial('élodie G.')).toBe('É');
    expect(authorInitial('  Marc D.')).toBe('M');
    expect(authorInitial('')).toBe('?');
  });
});
