import { describe, expect, it } from 'vitest';
import {
  NUTRITION_ENERGY_MISMATCH_MESSAGE,
  declinationInputSchema,
  nutritionInputSchema,
} from './admin-catalogue';

const declination = {
  year: 2022,
  capacity: 75,
  capacityUnit: 'CENTILITRE',
  priceCents: 1450,
  fixedPriceCents: null,
  discountType: 'NONE',
  discountAmount: 0,
  stock: 12,
  isStockManaged: true,
  sellByMultipleOf: 1,
  imageUrl: null,
} as const;

const dryWhite = {
  energyKj: 301,
  energyKcal: 72,
  fatCg: 0,
  saturatesCg: 0,
  carbohydrateCg: 60,
  sugarsCg: 20,
  proteinCg: 10,
  saltCg: 1,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('a declination’s nutrition declaration and ingredients (decision 0102)', () => {
  it('is optional: a declination sent without them has none', () => {
    const parsed = declinationInputSchema.parse(declination);
    expect(parsed.nutrition).toBeNull();
    expect(parsed.ingredients).toEqual([]);
  });

  it('keeps a whole declaration and the ingredients in order, blank roles as null', () => {
    const parsed = declinationInputSchema.parse({
      ...declination,
      nutrition: dryWhite,
      ingredients: [
        { role: '', name: ' raisins ', allergen: false },
        { role: 'conservateur', name: 'sulfites', allergen: true },
      ],
    });
    expect(parsed.nutrition).toEqual(dryWhite);
    expect(parsed.ingredients).toEqual([
      { role: null, name: 'raisins', allergen: false },
      { role: 'conservateur', name: 'sulfites', allergen: true },
    ]);
  });

  it('refuses decimals, negatives and a missing amount in French', () => {
    expect(messages(nutritionInputSchema.safeParse({ ...dryWhite, sugarsCg: 2.5 }))).toEqual([
      'Les sucres : deux décimales au plus.',
    ]);
    expect(messages(nutritionInputSchema.safeParse({ ...dryWhite, saltCg: -1 }))).toEqual([
      'Le sel ne peut pas être négatif.',
    ]);
    const { proteinCg: _missing, ...partial } = dryWhite;
    expect(messages(nutritionInputSchema.safeParse(partial))).toEqual([
      'Les protéines : saisissez un poids en grammes, par exemple 0,6.',
    ]);
    expect(messages(nutritionInputSchema.safeParse({ ...dryWhite, fatCg: 10_001 }))).toEqual([
      'Les matières grasses : 100 g au plus pour 100 ml.',
    ]);
  });

  it('refuses kcal that do not match the kJ, and a part heavier than its whole', () => {
    expect(messages(nutritionInputSchema.safeParse({ ...dryWhite, energyKcal: 301 }))).toEqual([
      NUTRITION_ENERGY_MISMATCH_MESSAGE,
    ]);
    const heavy = nutritionInputSchema.safeParse({ ...dryWhite, sugarsCg: 80 });
    expect(heavy.error?.issues[0]?.path).toEqual(['sugarsCg']);
    expect(messages(heavy)).toEqual(['Les sucres ne peuvent pas dépasser les glucides.']);
  });

  it('refuses an ingredient without a name and a list too long', () => {
    const blank = declinationInputSchema.safeParse({
      ...declination,
      ingredients: [{ role: 'conservateur', name: '  ', allergen: true }],
    });
    expect(messages(blank)).toEqual(['L’ingrédient est obligatoire.']);
    const long = declinationInputSchema.safeParse({
      ...declination,
      ingredients: Array.from({ length: 41 }, () => ({
        role: null,
        name: 'raisins',
        allergen: false,
      })),
    });
    expect(messages(long)).toEqual(['40 ingrédients au plus.']);
  });
});
