import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, relativeLuminance } from './colour-contrast';

describe('colour contrast', () => {
  it('measures black on white as the maximum ratio of 21', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('ignores the alpha channel of an eight-digit colour', () => {
    expect(relativeLuminance('#ffffff80')).toBe(relativeLuminance('#fff'));
  });

  it('refuses anything but a hex colour', () => {
    expect(relativeLuminance('red')).toBeNull();
    expect(contrastRatio('url(x)', '#fff')).toBeNull();
  });

  it('puts white text on a dark fill and dark text on a light fill', () => {
    expect(readableTextOn('#1d4e89')).toBe('#ffffff');
    expect(readableTextOn('#f3d9a4')).toBe('#161616');
  });
});
