import { describe, expect, it } from 'vitest';
import { newsLinkOf } from './news-link';

describe('newsLinkOf', () => {
  it('links to a page of the site in the same tab', () => {
    expect(newsLinkOf('/offrir-un-bon-cadeau')).toEqual({
      href: '/offrir-un-bon-cadeau',
      external: false,
    });
  });

  it('opens another site in a new tab', () => {
    expect(newsLinkOf(' https://www.vendee-tourisme.com/agenda ')).toEqual({
      href: 'https://www.vendee-tourisme.com/agenda',
      external: true,
    });
  });

  it('gives no link for an empty value or an unsafe address', () => {
    for (const value of [
      null,
      undefined,
      '',
      '   ',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      'https://',
    ]) {
      expect(newsLinkOf(value), String(value)).toBeNull();
    }
  });
});
