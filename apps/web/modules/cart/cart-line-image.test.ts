import { describe, expect, it } from 'vitest';
import { imageConfigDefault } from 'next/dist/shared/lib/image-config';
import { OPTIMIZED_WIDTHS, optimizedImageUrl } from './cart-line-image';

describe("a cart line's picture", () => {
  it('asks the optimizer for a width it serves, as next/image would', () => {
    expect(optimizedImageUrl('/sites/92/products/anjou-rouge.png', 72)).toBe(
      '/_next/image?url=%2Fsites%2F92%2Fproducts%2Fanjou-rouge.png&w=96&q=75',
    );
    expect(optimizedImageUrl('/a.png', 144)).toContain('&w=256&');
    expect(optimizedImageUrl('/a.png', 4000)).toContain('&w=384&');
  });

  it("follows Next's own defaults (sizes, quality, path)", () => {
    expect([...OPTIMIZED_WIDTHS]).toEqual(imageConfigDefault.imageSizes);
    expect(imageConfigDefault.qualities).toContain(75);
    expect(imageConfigDefault.path).toBe('/_next/image');
  });

  it('leaves an address on another host as it is', () => {
    expect(optimizedImageUrl('https://images.example.fr/a.png', 72)).toBe(
      'https://images.example.fr/a.png',
    );
    expect(optimizedImageUrl('//cdn.example.fr/a.png', 72)).toBe('//cdn.example.fr/a.png');
  });
});
