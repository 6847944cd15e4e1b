import { darkPalette, darkStatusColours } from './dark-theme';
import { chosenValue, type ChoiceOf } from './parameter-choices';
import { findParameterDefinition, isHexColour, type ParameterValue } from './site-parameters';

export interface ThemeFont {
  type: 'TITLE' | 'CONTENT' | 'MENU';
  family: string;
  color: string | null;
  size: number | null;
  weight: number | null;
  style: string | null;
}

const COLOUR_VARIABLES: readonly (readonly [variable: string, parameter: string])[] = [
  ['--color-primary', 'PRIMARY_COLOR'],
  ['--color-accent', 'ACCENT_COLOR'],
  ['--color-background', 'BACKGROUND_COLOR'],
  ['--color-font', 'FONT_COLOR'],
  ['--color-heading', 'HEADING_COLOR'],
  ['--color-active-font', 'ACTIVE_FONT_COLOR'],
  ['--color-header-background', 'BACKGROUND_HEADER_COLOR'],
  ['--color-menu-background', 'BACKGROUND_MENU_COLOR'],
  ['--color-active-menu', 'ACTIVE_MENU_COLOR'],
  ['--color-menu-on-top', 'MENU_COLOR_ON_TOP'],
  ['--color-footer-background', 'BACKGROUND_FOOTER_COLOR'],
  ['--color-footer-font', 'FONT_FOOTER_COLOR'],
  ['--color-mobile-menu-background', 'BACKGROUND_MOBILE_MENU_COLOR'],
  ['--color-mobile-menu-font', 'FONT_MOBILE_MENU_COLOR'],
  ['--color-font-background', 'FONT_BACKGROUND_COLOR'],
  ['--color-top-bar-background', 'TOP_MENU_INFO_BAR_BACKGROUND_COLOR'],
  ['--color-top-bar-font', 'TOP_MENU_INFO_BAR_FONT_COLOR'],
];

interface LengthVariable {
  variable: string;
  parameter: string;
  unit: 'px' | 'pt';
  // For widths and heights the spec reads 0 as "size it automatically".
  zeroIsAuto: boolean;
}

const LENGTH_VARIABLES: readonly LengthVariable[] = [
  { variable: '--logo-height', parameter: 'LOGO_HEIGHT', unit: 'px', zeroIsAuto: false },
  {
    variable: '--logo-height-footer',
    parameter: 'LOGO_HEIGHT_FOOTER',
    unit: 'px',
    zeroIsAuto: false,
  },
  {
    variable: '--logo-height-mobile',
    parameter: 'LOGO_HEIGHT_MOBILE',
    unit: 'px',
    zeroIsAuto: false,
  },
  { variable: '--logo-width', parameter: 'LOGO_WIDTH', unit: 'px', zeroIsAuto: true },
  { variable: '--logo-width-footer', parameter: 'LOGO_WIDTH_FOOTER', unit: 'px', zeroIsAuto: true },
  { variable: '--logo-width-mobile', parameter: 'LOGO_WIDTH_MOBILE', unit: 'px', zeroIsAuto: true },
  { variable: '--logo-margin-top', parameter: 'LOGO_MARGIN_TOP', unit: 'px', zeroIsAuto: false },
  {
    variable: '--logo-margin-bottom',
    parameter: 'LOGO_MARGIN_BOTTOM',
    unit: 'px',
    zeroIsAuto: false,
  },
  { variable: '--menu-height', parameter: 'COMPUTER_MENU_HEIGHT', unit: 'px', zeroIsAuto: true },
  { variable: '--submenu-width', parameter: 'SUBMENU_WIDTH', unit: 'px', zeroIsAuto: false },
  {
    variable: '--detail-page-margin-top',
    parameter: 'DETAIL_PAGE_MARGIN_TOP',
    unit: 'px',
    zeroIsAuto: false,
  },
  { variable: '--menu-icon-size', parameter: 'MENU_ICON_SIZE', unit: 'pt', zeroIsAuto: false },
];

/** PRODUCT_ASPECT_RATIO as the CSS aspect-ratio of the product pictures (decision 0101). */
const PRODUCT_ASPECT_RATIOS: Record<ChoiceOf<'PRODUCT_ASPECT_RATIO'>, string> = {
  PORTRAIT: '3 / 4',
  SQUARE: '1 / 1',
  LANDSCAPE: '4 / 3',
};

const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

// A font left unset by the site follows the rest of the theme: titles and menu use the content
// family, and each text takes its colour from the matching colour parameter.
const FONT_DEFAULTS: Record<
  ThemeFont['type'],
  { family: string; color: string; size: string; weight: string }
> = {
  CONTENT: {
    family: SYSTEM_FONT_STACK,
    color: 'var(--color-font)',
    size: '16px',
    weight: '400',
  },
  TITLE: {
    family: 'var(--font-content-family)',
    color: 'var(--color-heading)',
    size: '32px',
    weight: '700',
  },
  MENU: {
    family: 'var(--font-content-family)',
    color: 'var(--color-font)',
    size: '16px',
    weight: '400',
  },
};

const FONT_TYPES = ['CONTENT', 'TITLE', 'MENU'] as const satisfies readonly ThemeFont['type'][];

// One family name: quoted (without the other quote inside) or bare words. No semicolons,
// braces, parentheses, backslashes or angle brackets can get through, so a value can neither
// end its declaration nor call url() or escape the style element.
const FAMILY_NAME = String.raw`(?:"[\p{L}\p{N} '-]+"|'[\p{L}\p{N} "-]+'|[\p{L}\p{N}-]+(?: +[\p{L}\p{N}-]+)*)`;
const FONT_FAMILY = new RegExp(`^${FAMILY_NAME}(?: *, *${FAMILY_NAME})*$`, 'u');
const MAX_FONT_FAMILY_LENGTH = 200;
const FONT_STYLES: ReadonlySet<string> = new Set(['normal', 'italic']);

const DECIMAL_NUMBER = /^-?\d+(?:\.\d+)?$/;

function toFiniteNumber(value: ParameterValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Accepts values still in their stored text form, but only plain decimals.
  if (typeof value === 'string' && DECIMAL_NUMBER.test(value)) return Number(value);
  return null;
}

function catalogueDefault(parameter: string): ParameterValue {
  return findParameterDefinition(parameter)?.defaultValue ?? null;
}

function colourValue(value: ParameterValue | undefined, parameter: string): string {
  if (typeof value === 'string' && isHexColour(value)) return value;
  return String(catalogueDefault(parameter));
}

function lengthValue(value: ParameterValue | undefined, length: LengthVariable): string {
  const size = toFiniteNumber(value) ?? toFiniteNumber(catalogueDefault(length.parameter)) ?? 0;
  return size === 0 && length.zeroIsAuto ? 'auto' : `${size}${length.unit}`;
}

function isSafeFontFamily(family: string): boolean {
  return family.length <= MAX_FONT_FAMILY_LENGTH && FONT_FAMILY.test(family);
}

function fontVariables(
  type: ThemeFont['type'],
  font: ThemeFont | undefined,
): Record<string, string> {
  const defaults = FONT_DEFAULTS[type];
  const prefix = `--font-${type.toLowerCase()}`;
  const family = font?.family.trim() ?? '';
  const size = font?.size;
  const weight = font?.weight;
  return {
    [`${prefix}-family`]: isSafeFontFamily(family) ? family : defaults.family,
    [`${prefix}-color`]:
      font?.color != null && isHexColour(font.color) ? font.color : defaults.color,
    [`${prefix}-size`]:
      size != null && Number.isFinite(size) && size > 0 ? `${size}px` : defaults.size,
    [`${prefix}-weight`]:
      weight != null && Number.isInteger(weight) && weight >= 1 && weight <= 1000
        ? String(weight)
        : defaults.weight,
    [`${prefix}-style`]: font?.style != null && FONT_STYLES.has(font.style) ? font.style : 'normal',
  };
}

/**
 * The CSS custom properties of a site's theme. The values end up in a style attribute, so each one
 * is checked against a strict syntax and replaced by its default when it does not match. With
 * `dark` (DARK_THEME), the colours are the site's dark palette (dark-theme.ts).
 */
export function buildThemeVariables(
  parameters: readonly { type: string; value: ParameterValue }[],
  fonts: readonly ThemeFont[],
  options: { dark?: boolean } = {},
): Record<string, string> {
  const valuesByType = new Map(parameters.map((parameter) => [parameter.type, parameter.value]));
  const colourOf = (parameter: string) => colourValue(valuesByType.get(parameter), parameter);
  const palette: Record<string, string> = options.dark ? darkPalette(colourOf) : {};
  const variables: Record<string, string> = {};
  for (const [variable, parameter] of COLOUR_VARIABLES) {
    variables[variable] = palette[parameter] ?? colourOf(parameter);
  }
  if (options.dark) {
    // The status colours the stylesheets fix for a light page, made to read on the dark one.
    const status = darkStatusColours({
      BACKGROUND_COLOR: variables['--color-background']!,
      FONT_BACKGROUND_COLOR: variables['--color-font-background']!,
    });
    variables['--color-error'] = status.error;
    variables['--color-on-error'] = status.onError;
    variables['--color-success'] = status.success;
  }
  for (const length of LENGTH_VARIABLES) {
    variables[length.variable] = lengthValue(valuesByType.get(length.parameter), length);
  }
  const ratio = valuesByType.get('PRODUCT_ASPECT_RATIO');
  variables['--product-aspect-ratio'] =
    PRODUCT_ASPECT_RATIOS[
      chosenValue('PRODUCT_ASPECT_RATIO', typeof ratio === 'string' ? ratio : null)
    ];
  for (const type of FONT_TYPES) {
    const font = fonts.find((candidate) => candidate.type === type);
    Object.assign(variables, fontVariables(type, font));
  }
  return variables;
}
