import { describe, expect, it } from 'vitest';
import { elementImageSource, elementLink } from './element-links';

describe('links and images of list elements', () => {
  it('links to a path of the site in place and to another site in a new tab', () => {
    expect(elementLink('/conseil-en-image/pour-les-particuliers')).toEqual({
      href: '/conseil-en-image/pour-les-particuliers',
      external: false,
    });
    expect(elementLink('https://www.example.fr/atelier')).toEqual({
      href: 'https://www.example.fr/atelier',
      external: true,
    });
    expect(elementLink('tel:0251642318')).toEqual({ href: 'tel:0251642318', external: false });
  });

  it('makes no link or image of anything else', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      '//evil.example',
      'data:text/html,x',
      '',
      null,
    ]) {
      expect(elementLink(url)).toBeNull();
      expect(elementImageSource(url)).toBeNull();
    }
    expect(elementImageSource('mailto:a@b.fr')).toBeNull();
    expect(elementImageSource('/samples/ateliers/coiffage.svg')).toBe(
      '/samples/ateliers/coiffage.svg',
    );
  });
});
