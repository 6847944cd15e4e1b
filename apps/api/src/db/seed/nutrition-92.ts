import type { Ingredient, NutritionDeclaration } from '@comptoir/domain/nutrition';
import type { ProductSeed } from './catalogue-92';

/*
 * The labels of site 92's wines (EU Regulation 2021/2117, decision 0102): each vintage's nutrition
 * declaration per 100 ml and its ingredients. The energy is worked out as a laboratory would from
 * the wine's alcohol and residual sugar (ethanol 0,789 g/ml at 29 kJ / 7 kcal a gram, carbohydrate
 * and protein at 17 kJ / 4 kcal), so that a dry chenin reads about 70 kcal and a Quarts de Chaume
 * well over 100. Boxes and the cellar visit carry none.
 */

/** Residual sugar in grams per litre, the wine's own or its colour's. */
const SUGARS_G_PER_LITRE: Record<string, number> = {
  'Coteaux du Layon Tradition': 80,
  'Coteaux du Layon Rochefort Les Grands Clos': 110,
  'Quarts de Chaume Grand Cru': 160,
  'Bonnezeaux Sélection de Grains Nobles': 190,
  'Coteaux de l’Aubance Les Pierres Blanches': 60,
  'Rosé d’Anjou': 18,
  'Cabernet d’Anjou': 30,
  'Crémant de Loire Extra Brut Millésimé': 3,
};
const SUGARS_BY_KIND: Record<string, number> = {
  WHITE: 2,
  RED: 2,
  ROSE: 3,
  SWEET: 80,
  SPARKLING: 8,
};

const GRAPES: Ingredient = { role: null, name: 'raisins', allergen: false };
const SULPHITES: Ingredient = { role: 'conservateur', name: 'sulfites', allergen: true };
const TARTARIC: Ingredient = {
  role: 'correcteur d’acidité',
  name: 'acide tartrique',
  allergen: false,
};

/** The ingredients as the cellar writes them: dry wines acidified, sparkling ones dosed. */
function ingredientsOf(product: ProductSeed): Ingredient[] {
  switch (product.kind) {
    case 'SPARKLING':
      return [
        GRAPES,
        { role: null, name: 'liqueur de tirage', allergen: false },
        { role: null, name: 'liqueur d’expédition', allergen: false },
        SULPHITES,
      ];
    case 'SWEET':
      return [GRAPES, SULPHITES];
    default:
      return [GRAPES, TARTARIC, SULPHITES];
  }
}

/** The declaration of a wine of this strength and sweetness, per 100 ml. */
export function declarationOf(
  alcoholTenths: number,
  sugarsGPerLitre: number,
): NutritionDeclaration {
  const alcoholGrams = (alcoholTenths / 10) * 0.789;
  const sugarsCg = sugarsGPerLitre * 10;
  // Glycerol, acids and the rest of the extract count with the carbohydrate.
  const carbohydrateCg = sugarsCg + 40;
  const proteinCg = 10;
  const otherGrams = (carbohydrateCg + proteinCg) / 100;
  return {
    energyKj: Math.round(alcoholGrams * 29 + otherGrams * 17),
    energyKcal: Math.round(alcoholGrams * 7 + otherGrams * 4),
    fatCg: 0,
    saturatesCg: 0,
    carbohydrateCg,
    sugarsCg,
    proteinCg,
    saltCg: 1,
  };
}

/** A wine's label, the same for each of its vintages here; null for what is not wine. */
export function wineLabelOf(
  product: ProductSeed,
): { nutrition: NutritionDeclaration; ingredients: Ingredient[] } | null {
  if (product.type !== 'WINE' || product.alcoholTenths === undefined) return null;
  const sugars = SUGARS_G_PER_LITRE[product.name] ?? SUGARS_BY_KIND[product.kind ?? 'WHITE'] ?? 2;
  return {
    nutrition: declarationOf(product.alcoholTenths, sugars),
    ingredients: ingredientsOf(product),
  };
}
