import { describe, expect, it } from 'vitest';
import { buildThemeVariables } from './site-theme';
import { FONT_FAMILY_CHOICES, isFontFamilyChoice } from './theme-fonts';

describe('font family choices', () => {
  it('offers only families the storefront accepts in its theme variables', () => {
    for (const { family } of FONT_FAMILY_CHOICES) {
      const variables = buildThemeVariables(
        [],
        [{ type: 'CONTENT', family, color: null, size: null, weight: null, style: null }],
      );
      expect(variables['--font-content-family']).toBe(family);
    }
  });

  it('ends every stack on a generic family that every system has', () => {
    for (const { family } of FONT_FAMILY_CHOICES) {
      expect(family).toMatch(/(sans-serif|serif|monospace)$/);
    }
  });

  it('refuses a family outside the list', () => {
    expect(isFontFamilyChoice('Comic Sans MS')).toBe(false);
    expect(isFontFamilyChoice(FONT_FAMILY_CHOICES[0]!.family)).toBe(true);
  });
});
