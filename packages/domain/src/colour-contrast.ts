/** WCAG 2 relative luminance of '#rgb', '#rrggbb' or '#rrggbbaa' (alpha ignored), or null. */
export function relativeLuminance(hex: string): number | null {
  const digits = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex)?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [red, green, blue] = [0, 2, 4].map((start) => {
    const channel = parseInt(full.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export function contrastRatio(first: string, second: string): number | null {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#161616';

/** The text colour (white or near-black) that reads best on a filled background. */
export function readableTextOn(background: string): string {
  const light = contrastRatio(LIGHT_TEXT, background) ?? 0;
  const dark = contrastRatio(DARK_TEXT, background) ?? 0;
  return light >= dark ? LIGHT_TEXT : DARK_TEXT;
}

/** WCAG 2.x level AA: 4.5:1 for body text, 3:1 for large text such as headings. */
export const AA_TEXT_RATIO = 4.5;
export const AA_LARGE_TEXT_RATIO = 3;

export interface ContrastPair {
  /** The colour parameter painting the text. */
  foreground: string;
  /** The colour parameter painting what the text sits on. */
  background: string;
  /** Where the pair meets on the site, in the back office's words. */
  where: string;
  minimumRatio: number;
}

/**
 * The colour parameters the storefront paints together, text on background. A colour the
 * storefront fills with an automatic readable text (buttons, the banner, the active menu entry
 * when filled) is not listed: its text colour is chosen for it.
 */
export const THEME_CONTRAST_PAIRS: readonly ContrastPair[] = [
  {
    foreground: 'FONT_COLOR',
    background: 'BACKGROUND_COLOR',
    where: 'Texte des pages',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'HEADING_COLOR',
    background: 'BACKGROUND_COLOR',
    where: 'Titres des pages',
    minimumRatio: AA_LARGE_TEXT_RATIO,
  },
  {
    foreground: 'PRIMARY_COLOR',
    background: 'BACKGROUND_COLOR',
    where: 'Liens des pages',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'ACCENT_COLOR',
    background: 'BACKGROUND_COLOR',
    where: "Textes d'accentuation",
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'ACTIVE_FONT_COLOR',
    background: 'BACKGROUND_COLOR',
    where: 'Texte actif',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'FONT_COLOR',
    background: 'FONT_BACKGROUND_COLOR',
    where: 'Blocs de texte',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'FONT_COLOR',
    background: 'BACKGROUND_MENU_COLOR',
    where: 'Menu',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'ACTIVE_MENU_COLOR',
    background: 'BACKGROUND_MENU_COLOR',
    where: 'Page active dans le menu',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'FONT_COLOR',
    background: 'BACKGROUND_HEADER_COLOR',
    where: 'En-tête',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'FONT_MOBILE_MENU_COLOR',
    background: 'BACKGROUND_MOBILE_MENU_COLOR',
    where: 'Menu mobile',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'FONT_FOOTER_COLOR',
    background: 'BACKGROUND_FOOTER_COLOR',
    where: 'Pied de page',
    minimumRatio: AA_TEXT_RATIO,
  },
  {
    foreground: 'TOP_MENU_INFO_BAR_FONT_COLOR',
    background: 'TOP_MENU_INFO_BAR_BACKGROUND_COLOR',
    where: "Barre d'information",
    minimumRatio: AA_TEXT_RATIO,
  },
];

export interface ContrastWarning extends ContrastPair {
  /** The measured ratio, rounded down to two decimals so that it never reads as passing. */
  ratio: number;
}

/**
 * The pairs of a theme whose text is too faint on its background for WCAG AA. `colourOf` gives a
 * parameter's effective colour (its value or its default); a pair with a colour that is not a hex
 * colour is skipped, since the storefront falls back to the default for it.
 */
export function themeContrastWarnings(
  colourOf: (type: string) => string | null | undefined,
  pairs: readonly ContrastPair[] = THEME_CONTRAST_PAIRS,
): ContrastWarning[] {
  return pairs.flatMap((pair) => {
    const ratio = contrastRatio(colourOf(pair.foreground) ?? '', colourOf(pair.background) ?? '');
    if (ratio === null || ratio >= pair.minimumRatio) return [];
    return [{ ...pair, ratio: Math.floor(ratio * 100) / 100 }];
  });
}
