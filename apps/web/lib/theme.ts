import type { CSSProperties } from 'react';
import type { SiteInfo } from '@comptoir/contract/site';
import { buildThemeVariables } from '@comptoir/domain/site-theme';
import { LIGHT_TEXT, readableTextOn } from '@comptoir/domain/colour-contrast';
import type { ParameterReader } from './parameters';

// MENU_TOP_PADDING and MENU_BOTTOM_PADDING are switches: on, the menu row gets this much room.
const MENU_PADDING = '12px';

/**
 * The site's theme as CSS custom properties for the root element. The domain builder checks every
 * value; the `--color-on-*` additions pick readable text for the filled colours (buttons, the
 * highlighted menu entry), whatever colours the site chose. With DARK_THEME the colours are the
 * site's dark palette; the `--color-overlay-*` ones paint the menu laid over the page (MENU_TYPE
 * ABSOLUTE), the `--color-menu-panel-*` ones keep the menu's own colours for its submenus
 * (docs/requirements/site-parameters.md, decision 0097).
 */
export function themeStyle(parameters: ParameterReader, fonts: SiteInfo['fonts']): CSSProperties {
  const variables: Record<string, string> = buildThemeVariables(parameters.all, fonts, {
    dark: parameters.flag('DARK_THEME'),
  });
  const filled = ['primary', 'accent', 'active-menu', 'footer-background'] as const;
  for (const name of filled) {
    const background = variables[`--color-${name}`];
    if (background) variables[`--color-on-${name}`] = readableTextOn(background);
  }

  // Only what a variant the site turned on reads: a site on the defaults sends none of these.
  const overlay = parameters.text('MENU_TYPE')?.toUpperCase() === 'ABSOLUTE';
  const overlayFont = parameters.flag('INVERSE_ABSOLUTE_MENU_COLOR')
    ? variables['--color-font']
    : variables['--color-menu-on-top'];
  if (overlay && overlayFont) {
    // The veil is the colour that reads best under the overlay's text, 60 % opaque: the opening
    // picture shows through and the menu stays readable on it.
    const contrast = readableTextOn(overlayFont) === LIGHT_TEXT ? '#ffffff' : '#000000';
    variables['--color-overlay-font'] = overlayFont;
    variables['--color-overlay-contrast'] = contrast;
    variables['--color-overlay-veil'] = `color-mix(in srgb, ${contrast} 60%, transparent)`;
    variables['--color-menu-panel-font'] = variables['--font-menu-color'] ?? 'var(--color-font)';
    variables['--color-menu-panel-active'] = variables['--color-active-menu'] ?? 'currentColor';
    variables['--color-menu-panel-line'] = 'color-mix(in srgb, var(--color-font) 14%, transparent)';
  }
  if (parameters.flag('MENU_TOP_PADDING')) variables['--menu-padding-top'] = MENU_PADDING;
  if (parameters.flag('MENU_BOTTOM_PADDING')) variables['--menu-padding-bottom'] = MENU_PADDING;
  return variables as CSSProperties;
}
