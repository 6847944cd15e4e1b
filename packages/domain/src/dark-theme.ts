import { AA_TEXT_RATIO, contrastRatio, relativeLuminance } from './colour-contrast';

/**
 * DARK_THEME (docs/requirements/site-parameters.md, decision 0097): the site's colours turned
 * into a dark palette. Backgrounds become near-black tinted with the site's primary colour, texts
 * become light, and the site's own colours (primary, accent, active texts and menu) keep their hue
 * but are lightened until they read on the dark background. A colour the site already chose dark
 * enough for a background, or light enough for a text, is kept as it is: the owner's choice
 * overrides the derivation. The contrast check of the back office then runs on this palette.
 */

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb | null {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex)?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
}

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue]
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `share` of `colour` mixed into `base` (0 = base, 1 = colour), in sRGB. */
export function mixColours(colour: string, base: string, share: number): string {
  const a = parseHex(colour);
  const b = parseHex(base);
  if (!a || !b) return base;
  return toHex([0, 1, 2].map((i) => a[i]! * share + b[i]! * (1 - share)) as unknown as Rgb);
}

/** The near-black every dark background starts from, and the light texts. */
export const DARK_BASE = '#121417';
export const DARK_TEXT_COLOUR = '#e8e6e3';
export const DARK_HEADING_COLOUR = '#f5f4f2';

// A site colour is lightened by mixing white into it, in steps, up to this share: past it the
// colour would be nearly white and lose the site's hue, so the contrast check reports it instead.
const MAX_LIGHTENING = 0.75;
const LIGHTENING_STEP = 0.05;

/**
 * The colour lightened (mixed with white) just enough to reach `ratio` against `background`, or
 * the most lightened colour allowed when even that does not reach it.
 */
export function lightenUntilReadable(colour: string, background: string, ratio: number): string {
  let candidate = colour;
  for (let share = 0; share <= MAX_LIGHTENING + 1e-9; share += LIGHTENING_STEP) {
    candidate = mixColours('#ffffff', colour, share);
    if ((contrastRatio(candidate, background) ?? 0) >= ratio) return candidate;
  }
  return candidate;
}

// Below this luminance a colour is dark enough to serve as a dark background; above the other,
// light enough to serve as a text on it.
const DARK_BACKGROUND_LUMINANCE = 0.05;
const LIGHT_TEXT_LUMINANCE = 0.6;

function isDark(colour: string): boolean {
  return (relativeLuminance(colour) ?? 1) <= DARK_BACKGROUND_LUMINANCE;
}

function isLight(colour: string): boolean {
  return (relativeLuminance(colour) ?? 0) >= LIGHT_TEXT_LUMINANCE;
}

/** The colour parameters the dark theme repaints; MENU_COLOR_ON_TOP stays the site's. */
export const DARK_THEME_COLOURS = [
  'BACKGROUND_COLOR',
  'FONT_BACKGROUND_COLOR',
  'BACKGROUND_HEADER_COLOR',
  'BACKGROUND_MENU_COLOR',
  'BACKGROUND_MOBILE_MENU_COLOR',
  'BACKGROUND_FOOTER_COLOR',
  'TOP_MENU_INFO_BAR_BACKGROUND_COLOR',
  'FONT_COLOR',
  'HEADING_COLOR',
  'FONT_MOBILE_MENU_COLOR',
  'FONT_FOOTER_COLOR',
  'TOP_MENU_INFO_BAR_FONT_COLOR',
  'PRIMARY_COLOR',
  'ACCENT_COLOR',
  'ACTIVE_FONT_COLOR',
  'ACTIVE_MENU_COLOR',
] as const;
export type DarkThemeColour = (typeof DARK_THEME_COLOURS)[number];

/**
 * The dark palette of a site, from its effective colours (`colourOf` gives a parameter's value or
 * its default, always a hex colour).
 */
export function darkPalette(colourOf: (type: string) => string): Record<DarkThemeColour, string> {
  const primary = colourOf('PRIMARY_COLOR');
  const keepDark = (type: string, derived: string) =>
    isDark(colourOf(type)) ? colourOf(type) : derived;
  const keepLight = (type: string, derived: string) =>
    isLight(colourOf(type)) ? colourOf(type) : derived;

  const background = keepDark('BACKGROUND_COLOR', mixColours(primary, DARK_BASE, 0.08));
  const raised = mixColours(primary, DARK_BASE, 0.16);
  const font = keepLight('FONT_COLOR', DARK_TEXT_COLOUR);
  const readable = (type: string) =>
    lightenUntilReadable(colourOf(type), background, AA_TEXT_RATIO);

  const infoBarBackground = keepDark(
    'TOP_MENU_INFO_BAR_BACKGROUND_COLOR',
    mixColours(primary, DARK_BASE, 0.35),
  );
  const footerBackground = keepDark(
    'BACKGROUND_FOOTER_COLOR',
    mixColours('#000000', DARK_BASE, 0.4),
  );

  return {
    BACKGROUND_COLOR: background,
    FONT_BACKGROUND_COLOR: keepDark('FONT_BACKGROUND_COLOR', raised),
    BACKGROUND_HEADER_COLOR: keepDark('BACKGROUND_HEADER_COLOR', background),
    BACKGROUND_MENU_COLOR: keepDark('BACKGROUND_MENU_COLOR', background),
    BACKGROUND_MOBILE_MENU_COLOR: keepDark('BACKGROUND_MOBILE_MENU_COLOR', raised),
    BACKGROUND_FOOTER_COLOR: footerBackground,
    TOP_MENU_INFO_BAR_BACKGROUND_COLOR: infoBarBackground,
    FONT_COLOR: font,
    HEADING_COLOR: keepLight('HEADING_COLOR', DARK_HEADING_COLOUR),
    FONT_MOBILE_MENU_COLOR: keepLight('FONT_MOBILE_MENU_COLOR', font),
    FONT_FOOTER_COLOR: keepLight('FONT_FOOTER_COLOR', font),
    TOP_MENU_INFO_BAR_FONT_COLOR: keepLight('TOP_MENU_INFO_BAR_FONT_COLOR', DARK_HEADING_COLOUR),
    PRIMARY_COLOR: readable('PRIMARY_COLOR'),
    ACCENT_COLOR: readable('ACCENT_COLOR'),
    ACTIVE_FONT_COLOR: readable('ACTIVE_FONT_COLOR'),
    ACTIVE_MENU_COLOR: readable('ACTIVE_MENU_COLOR'),
  };
}

/** `colourOf` with the dark palette laid over it: what the contrast check reads in dark mode. */
export function darkColourOf(colourOf: (type: string) => string): (type: string) => string {
  const palette: Record<string, string> = darkPalette(colourOf);
  return (type) => palette[type] ?? colourOf(type);
}

/** The storefront's fixed status colours on a light page: errors and refusals, stock and success. */
export const LIGHT_ERROR_COLOUR = '#b3261e';
export const LIGHT_SUCCESS_COLOUR = '#1e6b34';

// A message box is its status colour at up to this share over the surface (`color-mix` in the
// stylesheets, 6 to 10 %), its text the status colour itself.
const STATUS_BOX_TINT = 0.1;

/** The status colour lightened until it reads in its own tinted box on `surface`. */
function readableInItsBox(colour: string, surface: string): string {
  let candidate = colour;
  for (let share = 0; share <= MAX_LIGHTENING + 1e-9; share += LIGHTENING_STEP) {
    candidate = mixColours('#ffffff', colour, share);
    const box = mixColours(candidate, surface, STATUS_BOX_TINT);
    if ((contrastRatio(candidate, box) ?? 0) >= AA_TEXT_RATIO) return candidate;
  }
  return candidate;
}

/**
 * The status colours on the dark palette: the light theme's red and green (fixed in the feature
 * stylesheets, where they read on a light page) lightened until they read on the page and on its
 * raised blocks, whichever is lighter, and in their own message boxes (tinted with them). The stylesheets read them
 * as `var(--color-error, #b3261e)`: a light site sends no such variable and keeps its colours.
 * `--color-on-error` is the text drawn on the error colour (the « ! » beside a field's message).
 */
export function darkStatusColours(
  palette: Pick<Record<DarkThemeColour, string>, 'BACKGROUND_COLOR' | 'FONT_BACKGROUND_COLOR'>,
): { error: string; success: string; onError: string } {
  const surfaces = [palette.BACKGROUND_COLOR, palette.FONT_BACKGROUND_COLOR];
  const lighter = surfaces.reduce((lightest, colour) =>
    (relativeLuminance(colour) ?? 0) > (relativeLuminance(lightest) ?? 0) ? colour : lightest,
  );
  const error = readableInItsBox(LIGHT_ERROR_COLOUR, lighter);
  const success = readableInItsBox(LIGHT_SUCCESS_COLOUR, lighter);
  const onError = (contrastRatio(DARK_BASE, error) ?? 0) >= AA_TEXT_RATIO ? DARK_BASE : '#ffffff';
  return { error, success, onError };
}
