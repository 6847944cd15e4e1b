import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  readableTextOn,
  relativeLuminance,
  themeContrastWarnings,
} from './colour-contrast';
import { findParameterDefinition } from './site-parameters';

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

describe('theme contrast warnings', () => {
  const palette = (overrides: Record<string, string>) => (type: string) =>
    overrides[type] ?? findParameterDefinition(type)?.defaultValue?.toString() ?? null;

  it('finds no unreadable pair in the catalogue defaults', () => {
    expect(themeContrastWarnings(palette({}))).toEqual([]);
  });

  it('warns for light grey text on a white page, with the ratio rounded down', () => {
    const warnings = themeContrastWarnings(
      palette({ FONT_COLOR: '#aaaaaa', BACKGROUND_COLOR: '#ffffff' }),
    );
    const pageText = warnings.find((warning) => warning.where === 'Texte des pages');
    expect(pageText).toMatchObject({ foreground: 'FONT_COLOR', background: 'BACKGROUND_COLOR' });
    // #aaa on white measures 2.32:1.
    expect(pageText?.ratio).toBe(2.32);
  });

  it('holds headings to the large-text ratio of 3:1 and body text to 4.5:1', () => {
    // #777 on white measures 4.48:1: too faint for text, enough for a heading.
    const warnings = themeContrastWarnings(
      palette({ FONT_COLOR: '#777777', HEADING_COLOR: '#777777', BACKGROUND_COLOR: '#ffffff' }),
    );
    expect(warnings.map((warning) => warning.foreground)).toContain('FONT_COLOR');
    expect(warnings.map((warning) => warning.foreground)).not.toContain('HEADING_COLOR');
  });

  it('checks the footer and menu pairs against their own backgrounds', () => {
    const warnings = themeContrastWarnings(
      palette({ FONT_FOOTER_COLOR: '#333333', BACKGROUND_FOOTER_COLOR: '#222222' }),
    );
    expect(warnings.map((warning) => warning.where)).toEqual(['Pied de page']);
  });

  it('skips a pair whose colour is not a hex colour', () => {
    expect(themeContrastWarnings(palette({ FONT_COLOR: 'red' }))).toEqual([]);
  });

  it('passes a pair exactly at its minimum ratio', () => {
    const pair = { foreground: 'A', background: 'B', where: 'x', minimumRatio: 21 };
    expect(themeContrastWarnings(palette({ A: '#000', B: '#fff' }), [pair])).toEqual([]);
  });
});
