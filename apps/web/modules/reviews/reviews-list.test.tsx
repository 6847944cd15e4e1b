import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReviewList } from '@comptoir/contract/review';
import { ReviewsList } from './reviews-list';

const reviews: ReviewList = {
  list: [
    {
      id: 1,
      source: 'GOOGLE',
      authorName: 'Sophie L.',
      authorPhotoUrl: null,
      rating: 5,
      text: 'Analyse de colorimétrie passionnante <script>alert(1)</script>',
      publishedAt: '2026-10-14T14:20:00.000Z',
    },
    {
      id: 2,
      source: 'GOOGLE',
      authorName: 'Martine O.',
      authorPhotoUrl: 'https://lh3.googleusercontent.com/a/photo=s128',
      rating: 4,
      text: null,
      publishedAt: '2026-09-27T09:05:00.000Z',
    },
  ],
  total: 2,
  averageRating: 4.4,
  ratingCount: 7,
};

describe('ReviewsList', () => {
  const html = renderToStaticMarkup(<ReviewsList reviews={reviews} />);

  it('states the average of all reviews with accessible stars and the count', () => {
    expect(html).toContain('role="img" aria-label="Note moyenne : 4,4 sur 5"');
    expect(html).toContain('d’après 7 avis Google');
  });

  it('shows each review with its stars, author and French date', () => {
    expect(html).toContain('aria-label="Note : 5 sur 5"');
    expect(html).toContain('aria-label="Note : 4 sur 5"');
    expect(html).toContain('Sophie L.');
    expect(html).toContain('<time dateTime="2026-10-14T14:20:00.000Z"');
    expect(html).toContain('14 octobre 2026');
  });

  it('shows the text as text, never as markup', () => {
    expect(html).toContain('passionnante &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('shows the author picture, or their initial without one', () => {
    expect(html).toContain('src="https://lh3.googleusercontent.com/a/photo=s128"');
    expect(html).toMatch(/aria-hidden="true">S<\/span>/);
  });

  it('fills the stars up to the rating', () => {
    expect(html).toContain('width:88%');
    expect(html).toContain('width:100%');
  });
});
