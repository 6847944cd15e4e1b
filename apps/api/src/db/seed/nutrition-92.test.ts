import { describe, expect, it } from 'vitest';
import { ingredientInputSchema, nutritionInputSchema } from '@comptoir/contract/admin-catalogue';
import { site92Catalogue } from './catalogue-92';
import { wineLabelOf } from './nutrition-92';

const labelOf = (name: string) => {
  const product = site92Catalogue.find((item) => item.name === name);
  return wineLabelOf(product!);
};

describe("the labels of site 92's wines (decision 0102)", () => {
  it('give every wine a declaration and ingredients the back office would accept', () => {
    for (const product of site92Catalogue) {
      const label = wineLabelOf(product);
      // A wine without its strength (an unpublished draft) cannot have its energy worked out.
      if (product.type !== 'WINE' || product.alcoholTenths === undefined) {
        expect(label, product.name).toBeNull();
        continue;
      }
      expect(nutritionInputSchema.safeParse(label!.nutrition).success, product.name).toBe(true);
      for (const item of label!.ingredients) {
        expect(ingredientInputSchema.safeParse(item).success, product.name).toBe(true);
      }
      expect(label!.ingredients).toContainEqual({
        role: 'conservateur',
        name: 'sulfites',
        allergen: true,
      });
    }
  });

  it('read as the wines are: a dry chenin about 70 kcal, a Layon far sweeter', () => {
    const dry = labelOf('Anjou Blanc Les Schistes')!.nutrition;
    expect(dry.energyKcal).toBeGreaterThanOrEqual(70);
    expect(dry.energyKcal).toBeLessThanOrEqual(80);
    expect(dry.sugarsCg).toBeLessThanOrEqual(50);
    const layon = labelOf('Coteaux du Layon Tradition')!.nutrition;
    expect(layon.sugarsCg).toBeGreaterThanOrEqual(600);
    expect(layon.energyKcal).toBeGreaterThan(dry.energyKcal + 20);
  });
});
