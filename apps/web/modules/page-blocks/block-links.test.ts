import { describe, expect, it } from 'vitest';
import { firstImageUrl, isExternalHref, isImageSource } from './block-links';

describe('links and images of blocks', () => {
  it('opens http(s) links in a new tab and site paths in place', () => {
    expect(isExternalHref('https://calendly.com/atelier')).toBe(true);
    expect(isExternalHref('HTTP://example.org')).toBe(true);
    expect(isExternalHref('/nous-contacter')).toBe(false);
    expect(isExternalHref('tel:0251642318')).toBe(false);
    expect(isExternalHref('mailto:contact@atelier-clemence.fr')).toBe(false);
  });

  it('loads an image only from a site path or an http(s) address', () => {
    expect(isImageSource('/samples/page-blocks/bon-cadeau.svg')).toBe(true);
    expect(isImageSource('https://images.example.org/salon.jpg')).toBe(true);
    expect(isImageSource('//evil.example/x.svg')).toBe(false);
    expect(isImageSource('mailto:x@example.org')).toBe(false);
    expect(isImageSource('tel:0251642318')).toBe(false);
  });

  it("takes the content's first usable image for link previews", () => {
    expect(
      firstImageUrl([
        { type: 'richText', html: '<p>Bonjour</p>' },
        { type: 'image', url: 'tel:0251642318', alt: '' },
        { type: 'image', url: '/samples/page-blocks/atelier-clemence.svg', alt: 'Le salon' },
        { type: 'image', url: '/samples/page-blocks/bon-cadeau.svg', alt: 'Un bon cadeau' },
      ]),
    ).toBe('/samples/page-blocks/atelier-clemence.svg');
    expect(firstImageUrl([{ type: 'newsletter' }])).toBeNull();
  });
});
