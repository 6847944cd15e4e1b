import type { CSSProperties } from 'react';
import type { SiteInfo } from '@comptoir/contract/site';
import { buildThemeVariables } from '@comptoir/domain/site-theme';
import { readableTextOn } from '@comptoir/domain/colour-contrast';
import type { ParameterReader } from './parameters';

/**
 * The site's theme as CSS custom properties for the root element. The domain builder checks every
 * value; the `--color-on-*` additions pick readable text for the filled colours (buttons, the
 * highlighted menu entry), whatever colours the site chose.
 */
export function themeStyle(parameters: ParameterReader, fonts: SiteInfo['fonts']): CSSProperties {
  const variables = buildThemeVariables(parameters.all, fonts);
  const filled = ['primary', 'accent', 'active-menu', 'footer-background'] as const;
  for (const name of filled) {
    const background = variables[`--color-${name}`];
    if (background) variables[`--color-on-${name}`] = readableTextOn(background);
  }
  return variables as CSSProperties;
}
