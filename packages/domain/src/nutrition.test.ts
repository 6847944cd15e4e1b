import { describe, expect, it } from 'vitest';
import {
  formatGrams,
  ingredientsText,
  kcalFromKj,
  nutritionInconsistency,
  nutritionRows,
  type NutritionDeclaration,
} from './nutrition';

const dryWhite: NutritionDeclaration = {
  energyKj: 301,
  energyKcal: 72,
  fatCg: 0,
  saturatesCg: 0,
  carbohydrateCg: 60,
  sugarsCg: 20,
  proteinCg: 10,
  saltCg: 1,
};

describe('the nutrition declaration', () => {
  it('words grams in French from hundredths', () => {
    expect(formatGrams(0)).toBe('0 g');
    expect(formatGrams(60)).toBe('0,6 g');
    expect(formatGrams(1234)).toBe('12,34 g');
    expect(formatGrams(1)).toBe('0,01 g');
  });

  it('lists energy first, then the nutrients in the regulation order, parts indented', () => {
    const rows = nutritionRows(dryWhite);
    expect(rows.map((row) => row.label)).toEqual([
      'Énergie',
      'Matières grasses',
      'dont acides gras saturés',
      'Glucides',
      'dont sucres',
      'Protéines',
      'Sel',
    ]);
    expect(rows[0]!.value).toBe('301 kJ / 72 kcal');
    expect(rows.filter((row) => row.sub).map((row) => row.key)).toEqual([
      'saturatesCg',
      'sugarsCg',
    ]);
  });

  it('converts kJ to kcal as the regulation does', () => {
    expect(kcalFromKj(301)).toBe(72);
    expect(kcalFromKj(0)).toBe(0);
  });

  it('refuses a part heavier than its whole', () => {
    expect(nutritionInconsistency(dryWhite)).toBeNull();
    expect(nutritionInconsistency({ ...dryWhite, sugarsCg: 61 })?.key).toBe('sugarsCg');
    expect(nutritionInconsistency({ ...dryWhite, saturatesCg: 1 })?.key).toBe('saturatesCg');
  });

  it('writes the list with allergens in capitals where there is no bold', () => {
    expect(
      ingredientsText([
        { role: null, name: 'raisins', allergen: false },
        { role: 'conservateur', name: 'sulfites', allergen: true },
      ]),
    ).toBe('raisins, conservateur : SULFITES');
  });
});
