import { describe, expect, it } from 'vitest';
import { chosenValue, parameterChoices, PARAMETER_CHOICES } from './parameter-choices';
import { findParameterDefinition } from './site-parameters';
import { buildThemeVariables } from './site-theme';

describe('parameter choices', () => {
  it('belong to STRING parameters of the catalogue whose default is unset or the first choice', () => {
    for (const [type, choices] of Object.entries(PARAMETER_CHOICES)) {
      const definition = findParameterDefinition(type);
      expect(definition?.kind, type).toBe('STRING');
      expect([null, choices[0].value], type).toContain(definition?.defaultValue);
    }
  });

  it('reads a known value in any case and falls back on the first choice', () => {
    expect(chosenValue('PRODUCT_PAGE_STYLE', 'stacked')).toBe('STACKED');
    expect(chosenValue('PRODUCT_PAGE_STYLE', null)).toBe('PICTURE_LEFT');
    expect(chosenValue('PRODUCT_PAGE_STYLE', 'CAROUSEL')).toBe('PICTURE_LEFT');
    expect(chosenValue('FEATURES_STYLE', ' cards ')).toBe('CARDS');
  });

  it('has none for a free text', () => {
    expect(parameterChoices('COMPANY_NAME')).toBeNull();
    expect(parameterChoices('PRODUCT_ORDER')?.map((choice) => choice.value)).toEqual([
      'PRICE_ASC',
      'PRICE_DESC',
      'NAME',
      'POSITION',
    ]);
  });

  it('gives the product pictures the ratio the owner chose', () => {
    const ratio = (value: string | null) =>
      buildThemeVariables([{ type: 'PRODUCT_ASPECT_RATIO', value }], [])['--product-aspect-ratio'];
    expect(ratio(null)).toBe('3 / 4');
    expect(ratio('SQUARE')).toBe('1 / 1');
    expect(ratio('LANDSCAPE')).toBe('4 / 3');
    expect(ratio('1/1; background:url(x)')).toBe('3 / 4');
  });
});
