/*
 * The font families an owner may choose for the titles, the text and the menu. The storefront
 * loads no web font (its content security policy allows only its own origin, and a font file per
 * visit would cost the speed budget), so each choice is a stack that ends on fonts every system
 * has: a named family shows where the visitor has it, and its fallback everywhere else.
 */

export interface FontFamilyChoice {
  /** The CSS font-family value stored with the site's fonts. */
  family: string;
  /** Its name in the back office. */
  label: string;
}

export const FONT_FAMILY_CHOICES: readonly FontFamilyChoice[] = [
  {
    family: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    label: 'Police du système (sans empattement)',
  },
  { family: 'Inter, "Helvetica Neue", Arial, sans-serif', label: 'Inter, Helvetica, Arial' },
  { family: 'Arial, Helvetica, sans-serif', label: 'Arial' },
  { family: 'Verdana, Geneva, sans-serif', label: 'Verdana' },
  { family: '"Trebuchet MS", Helvetica, sans-serif', label: 'Trebuchet MS' },
  {
    family: 'Playfair Display, Georgia, serif',
    label: 'Playfair Display, Georgia (à empattement)',
  },
  {
    family: 'Cormorant Garamond, Georgia, serif',
    label: 'Cormorant Garamond, Georgia (à empattement)',
  },
  { family: 'Georgia, "Times New Roman", serif', label: 'Georgia (à empattement)' },
  { family: '"Times New Roman", Times, serif', label: 'Times New Roman (à empattement)' },
  { family: '"Courier New", Courier, monospace', label: 'Courier New (chasse fixe)' },
];

export const FONT_WEIGHTS = [300, 400, 500, 600, 700, 800] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;
/** Font sizes in pixels the back office accepts: readable, and not larger than a screen. */
export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 96;

export function isFontFamilyChoice(family: string): boolean {
  return FONT_FAMILY_CHOICES.some((choice) => choice.family === family);
}
