import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance, themeContrastWarnings } from './colour-contrast';
import {
  darkColourOf,
  darkPalette,
  darkStatusColours,
  LIGHT_ERROR_COLOUR,
  lightenUntilReadable,
  mixColours,
} from './dark-theme';
import { findParameterDefinition } from './site-parameters';
import { buildThemeVariables } from './site-theme';

const defaults = (type: string) => String(findParameterDefinition(type)?.defaultValue);
const withColours =
  (colours: Record<string, string>) =>
  (type: string): string =>
    colours[type] ?? defaults(type);

describe('dark palette', () => {
  it('turns the default light palette into dark backgrounds with light texts', () => {
    const palette = darkPalette(defaults);
    expect(relativeLuminance(palette.BACKGROUND_COLOR)).toBeLessThan(0.03);
    expect(relativeLuminance(palette.BACKGROUND_MENU_COLOR)).toBeLessThan(0.03);
    expect(relativeLuminance(palette.FONT_COLOR)).toBeGreaterThan(0.6);
    expect(relativeLuminance(palette.HEADING_COLOR)).toBeGreaterThan(0.6);
  });

  it('passes every WCAG AA pair of the theme for the default colours and both demo palettes', () => {
    const salon = withColours({ PRIMARY_COLOR: '#7a2e4d', ACCENT_COLOR: '#b8860b' });
    const wine = withColours({
      PRIMARY_COLOR: '#5b1a2b',
      ACCENT_COLOR: '#8a6d1d',
      BACKGROUND_COLOR: '#fbf7f2',
    });
    for (const colours of [defaults, salon, wine]) {
      expect(themeContrastWarnings(darkColourOf(colours))).toEqual([]);
    }
  });

  it('keeps the hue of the primary colour, lightened just enough to read', () => {
    const palette = darkPalette(withColours({ PRIMARY_COLOR: '#1d4e89' }));
    const ratio = contrastRatio(palette.PRIMARY_COLOR, palette.BACKGROUND_COLOR) ?? 0;
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ratio).toBeLessThan(6.5);
    const [red, , blue] = [1, 3, 5].map((start) =>
      parseInt(palette.PRIMARY_COLOR.slice(start, start + 2), 16),
    );
    expect(blue).toBeGreaterThan(red!);
  });

  it('keeps a colour the owner already chose dark for a background or light for a text', () => {
    const palette = darkPalette(
      withColours({
        BACKGROUND_FOOTER_COLOR: '#0b0b0b',
        FONT_FOOTER_COLOR: '#fafafa',
        BACKGROUND_COLOR: '#ffffff',
      }),
    );
    expect(palette.BACKGROUND_FOOTER_COLOR).toBe('#0b0b0b');
    expect(palette.FONT_FOOTER_COLOR).toBe('#fafafa');
    expect(palette.BACKGROUND_COLOR).not.toBe('#ffffff');
  });

  it('lets the contrast check report a pair of the dark palette that fails', () => {
    // The owner's dark grey menu is kept; the active entry, lightened against the page's darker
    // background, is then too faint on it.
    const warnings = themeContrastWarnings(
      darkColourOf(withColours({ BACKGROUND_MENU_COLOR: '#3a3a3a', ACTIVE_MENU_COLOR: '#1d4e89' })),
    );
    expect(warnings.map((warning) => warning.where)).toEqual(['Page active dans le menu']);
  });

  it('mixes and lightens in sRGB', () => {
    expect(mixColours('#ffffff', '#000000', 0.5)).toBe('#808080');
    expect(mixColours('not a colour', '#000000', 0.5)).toBe('#000000');
    expect(lightenUntilReadable('#ffffff', '#000000', 4.5)).toBe('#ffffff');
  });

  it('becomes the colour variables of the storefront when the theme is dark', () => {
    const light = buildThemeVariables([], []);
    const dark = buildThemeVariables([], [], { dark: true });
    expect(light['--color-background']).toBe('#ffffff');
    expect(dark['--color-background']).toBe(darkPalette(defaults).BACKGROUND_COLOR);
    expect(dark['--color-menu-on-top']).toBe(light['--color-menu-on-top']);
  });

  it('makes the error and stock colours read on the dark page and its raised blocks', () => {
    const wine = withColours({
      PRIMARY_COLOR: '#5b1a2b',
      ACCENT_COLOR: '#8a6d1d',
      BACKGROUND_COLOR: '#fbf7f2',
    });
    // The WINE_SHOP template's colours, where the first version failed in its boxes.
    const template = withColours({
      PRIMARY_COLOR: '#7b1e2b',
      ACCENT_COLOR: '#7a5c12',
      BACKGROUND_COLOR: '#fbf8f3',
      FONT_COLOR: '#2b2222',
      FONT_BACKGROUND_COLOR: '#f3ebe0',
    });
    for (const colours of [defaults, wine, template]) {
      const palette = darkPalette(colours);
      const status = darkStatusColours(palette);
      for (const surface of [palette.BACKGROUND_COLOR, palette.FONT_BACKGROUND_COLOR]) {
        for (const colour of [status.error, status.success]) {
          expect(contrastRatio(colour, surface)).toBeGreaterThanOrEqual(4.5);
          // In its own message box: the colour at 10 % over the surface.
          expect(contrastRatio(colour, mixColours(colour, surface, 0.1))).toBeGreaterThanOrEqual(
            4.5,
          );
        }
      }
      expect(contrastRatio(status.onError, status.error)).toBeGreaterThanOrEqual(4.5);
      // Still a red: the red channel leads.
      expect(status.error).not.toBe(LIGHT_ERROR_COLOUR);
      expect(parseInt(status.error.slice(1, 3), 16)).toBeGreaterThan(
        parseInt(status.error.slice(3, 5), 16),
      );
    }
    const dark = buildThemeVariables([], [], { dark: true });
    expect(dark['--color-error']).toBe(darkStatusColours(darkPalette(defaults)).error);
    // A light site sends none: the stylesheets' own colours apply.
    expect(buildThemeVariables([], [])['--color-error']).toBeUndefined();
  });
});
