import type { ParameterKey, ParameterValue } from './site-parameters';

/**
 * The header's variants, read from the layout parameters (docs/requirements/site-parameters.md;
 * the meaning of each value is decision 0097). Pure: the storefront turns the result into data
 * attributes and server-rendered markup, so no variant adds script to a page.
 */

/** RELATIVE: the menu sits above the page. ABSOLUTE: it lies over the page's opening section. */
export const MENU_TYPES = ['RELATIVE', 'ABSOLUTE'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

/** Where the mobile layout's shortcut bar sits: fixed at the bottom, or under the top bar. */
export const MOBILE_MENU_POSITIONS = ['BOTTOM', 'TOP'] as const;
export type MobileMenuPosition = (typeof MOBILE_MENU_POSITIONS)[number];

/** DISPLAY_SOCIAL_ICON_IN_MENU: nowhere, on every screen, or on wide or narrow screens only. */
export const SOCIAL_IN_MENU = ['NO', 'YES', 'DESKTOP', 'MOBILE'] as const;
export type SocialInMenu = (typeof SOCIAL_IN_MENU)[number];

/** The project's own line icons a Font Awesome name can stand for (apps/web site-icons). */
export const HEADER_ICONS = [
  'cart',
  'basket',
  'bag',
  'user',
  'user-circle',
  'heart',
  'wine-bottle',
  'store',
] as const;
export type HeaderIcon = (typeof HEADER_ICONS)[number];

/**
 * Font Awesome names (with or without their 'fa-' prefix, v5 and v6 spellings) mapped to the
 * project's icons: the project ships no icon font, so each name the owner may type draws the
 * nearest inline SVG of its own set.
 */
const FONT_AWESOME_NAMES: Readonly<Record<string, HeaderIcon>> = {
  'cart-shopping': 'cart',
  'shopping-cart': 'cart',
  'cart-plus': 'cart',
  'cart-arrow-down': 'cart',
  'basket-shopping': 'basket',
  'shopping-basket': 'basket',
  'bag-shopping': 'bag',
  'shopping-bag': 'bag',
  bag: 'bag',
  user: 'user',
  'user-large': 'user',
  'user-alt': 'user',
  'user-tie': 'user',
  'circle-user': 'user-circle',
  'user-circle': 'user-circle',
  'id-badge': 'user-circle',
  heart: 'heart',
  'wine-bottle': 'wine-bottle',
  'wine-glass': 'wine-bottle',
  'wine-glass-alt': 'wine-bottle',
  'wine-glass-empty': 'wine-bottle',
  store: 'store',
  shop: 'store',
  'house-user': 'store',
};

/**
 * The project icon for a Font Awesome class list ('fa-cart-shopping', 'fa-solid fa-user',
 * 'shopping-bag'), or the fallback when no class of it is known.
 */
export function iconForFontAwesome(value: string | null, fallback: HeaderIcon): HeaderIcon {
  if (!value) return fallback;
  for (const token of value.trim().toLowerCase().split(/\s+/)) {
    const name = token.replace(/^fa-/, '');
    const icon = FONT_AWESOME_NAMES[name];
    if (icon) return icon;
  }
  return fallback;
}

/**
 * BASE_FONTAWESOME_ICON, the style of the icons, as the stroke width of the project's line icons:
 * solid draws them boldest, then regular, light and thin. Unknown styles draw as solid (the
 * catalogue's default).
 */
const STROKE_BY_STYLE: Readonly<Record<string, number>> = {
  solid: 2.2,
  fas: 2.2,
  sharp: 2.2,
  'sharp-solid': 2.2,
  duotone: 2.2,
  regular: 1.7,
  far: 1.7,
  light: 1.3,
  fal: 1.3,
  thin: 1,
  fat: 1,
};

export function iconStrokeWidth(baseStyle: string | null): number {
  if (!baseStyle) return STROKE_BY_STYLE.solid!;
  for (const token of baseStyle.trim().toLowerCase().split(/\s+/)) {
    const stroke = STROKE_BY_STYLE[token.replace(/^fa-/, '')];
    if (stroke !== undefined) return stroke;
  }
  return STROKE_BY_STYLE.solid!;
}

function choice<T extends string>(value: ParameterValue, choices: readonly T[], fallback: T): T {
  const wanted = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return choices.find((candidate) => candidate === wanted) ?? fallback;
}

export interface HeaderOptions {
  menuType: MenuType;
  /** ABSOLUTE only: the overlaid menu takes the page's text colour on a light veil. */
  inverseOverlay: boolean;
  mobileMenuPosition: MobileMenuPosition;
  /** MENU_ICON: the menu's entries show their icons. */
  menuIcons: boolean;
  cartIcon: HeaderIcon;
  accountIcon: HeaderIcon;
  iconStroke: number;
  socialInMenu: SocialInMenu;
  infoBar: boolean;
  addressInInfoBar: boolean;
  menuTopPadding: boolean;
  menuBottomPadding: boolean;
  dark: boolean;
}

/** The header's options from a site's effective parameter values. */
export function headerOptions(value: (type: ParameterKey) => ParameterValue): HeaderOptions {
  const text = (type: ParameterKey) => {
    const raw = value(type);
    return typeof raw === 'string' && raw.trim() !== '' ? raw : null;
  };
  const social = value('DISPLAY_SOCIAL_ICON_IN_MENU');
  return {
    menuType: choice(value('MENU_TYPE'), MENU_TYPES, 'RELATIVE'),
    inverseOverlay: value('INVERSE_ABSOLUTE_MENU_COLOR') === true,
    mobileMenuPosition: choice(value('MOBILE_MENU_POSITION'), MOBILE_MENU_POSITIONS, 'BOTTOM'),
    menuIcons: value('MENU_ICON') !== false,
    cartIcon: iconForFontAwesome(text('CART_ICON'), 'cart'),
    accountIcon: iconForFontAwesome(text('MY_ACCOUNT_ICON'), 'user'),
    iconStroke: iconStrokeWidth(text('BASE_FONTAWESOME_ICON')),
    // TRUE and OUI read as YES: the value is typed by hand in the back office.
    socialInMenu:
      typeof social === 'string' && ['TRUE', 'OUI'].includes(social.trim().toUpperCase())
        ? 'YES'
        : choice(social, SOCIAL_IN_MENU, 'NO'),
    infoBar: value('TOP_MENU_INFO_BAR') === true,
    addressInInfoBar: value('DISPLAY_ADDRESS_IN_TOPBAR') === true,
    menuTopPadding: value('MENU_TOP_PADDING') === true,
    menuBottomPadding: value('MENU_BOTTOM_PADDING') === true,
    dark: value('DARK_THEME') === true,
  };
}

/**
 * Opening hours in a short form for the info bar: consecutive days with the same hours share one
 * range ('Lun. – ven. : 9 h – 18 h'). Days come in week order, from Monday.
 */
const SHORT_DAYS: Readonly<Record<string, string>> = {
  Lundi: 'lun.',
  Mardi: 'mar.',
  Mercredi: 'mer.',
  Jeudi: 'jeu.',
  Vendredi: 'ven.',
  Samedi: 'sam.',
  Dimanche: 'dim.',
};
const WEEK_ORDER = Object.keys(SHORT_DAYS);

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function summariseOpeningHours(days: readonly { day: string; hours: string }[]): string[] {
  const groups: { first: string; last: string; hours: string }[] = [];
  for (const { day, hours } of days) {
    const previous = groups.at(-1);
    const follows =
      previous !== undefined &&
      WEEK_ORDER.indexOf(day) === WEEK_ORDER.indexOf(previous.last) + 1 &&
      previous.hours.trim() === hours.trim();
    if (follows) previous.last = day;
    else groups.push({ first: day, last: day, hours: hours.trim() });
  }
  return groups.map(({ first, last, hours }) => {
    const from = capitalise(SHORT_DAYS[first] ?? first);
    const range = first === last ? from : `${from} – ${SHORT_DAYS[last] ?? last}`;
    return `${range} : ${hours}`;
  });
}
