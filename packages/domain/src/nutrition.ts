/*
 * A wine's nutrition declaration and ingredient list (EU Regulation 2021/2117; recorded in
 * docs/decisions/0102-nutrition-declaration.md): per 100 ml, the energy in kJ and kcal, then fat,
 * saturates, carbohydrate, sugars, protein and salt in grams. Amounts are whole numbers: energy in
 * kJ and kcal, masses in hundredths of a gram (0,6 g of sugars is 60). The ingredients are listed
 * in order, allergens (sulfites…) marked so that every screen emphasises them. The storefront's
 * product page and the API's PDF sheet word them the same way, from here.
 */

/** The masses of the declaration, in hundredths of a gram per 100 ml, in the regulation's order. */
export const NUTRIENT_KEYS = [
  'fatCg',
  'saturatesCg',
  'carbohydrateCg',
  'sugarsCg',
  'proteinCg',
  'saltCg',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

export interface NutritionDeclaration {
  energyKj: number;
  energyKcal: number;
  fatCg: number;
  saturatesCg: number;
  carbohydrateCg: number;
  sugarsCg: number;
  proteinCg: number;
  saltCg: number;
}

/**
 * One ingredient: its name, the role it plays when the rules name it (« conservateur »,
 * « correcteur d'acidité »: written « conservateur : sulfites »), and whether it is an allergen.
 */
export interface Ingredient {
  role: string | null;
  name: string;
  allergen: boolean;
}

/** Sub-nutrients (« dont ») are indented under their parent in the table. */
export const NUTRIENT_LABELS: Record<NutrientKey, { label: string; sub: boolean }> = {
  fatCg: { label: 'Matières grasses', sub: false },
  saturatesCg: { label: 'dont acides gras saturés', sub: true },
  carbohydrateCg: { label: 'Glucides', sub: false },
  sugarsCg: { label: 'dont sucres', sub: true },
  proteinCg: { label: 'Protéines', sub: false },
  saltCg: { label: 'Sel', sub: false },
};

export const ENERGY_LABEL = 'Énergie';

/** Hundredths of a gram as French grams: 60 → « 0,6 g », 0 → « 0 g », 1234 → « 12,34 g ». */
export function formatGrams(centigrams: number): string {
  const grams = (centigrams / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 });
  return `${grams} g`;
}

/** « 293 kJ / 70 kcal » */
export function formatEnergy(declaration: Pick<NutritionDeclaration, 'energyKj' | 'energyKcal'>) {
  return `${declaration.energyKj} kJ / ${declaration.energyKcal} kcal`;
}

/** The rows of the table in order: energy first, then each nutrient with its amount. */
export function nutritionRows(
  declaration: NutritionDeclaration,
): { key: 'energy' | NutrientKey; label: string; sub: boolean; value: string }[] {
  return [
    { key: 'energy', label: ENERGY_LABEL, sub: false, value: formatEnergy(declaration) },
    ...NUTRIENT_KEYS.map((key) => ({
      key,
      ...NUTRIENT_LABELS[key],
      value: formatGrams(declaration[key]),
    })),
  ];
}

/**
 * kcal from kJ as the regulation converts (1 kcal = 4,184 kJ), rounded: the back office offers it
 * when the owner typed only the kJ.
 */
export function kcalFromKj(kilojoules: number): number {
  return Math.round(kilojoules / 4.184);
}

/**
 * Why a declaration does not add up, or null: a part (saturates, sugars) cannot weigh more than
 * its whole (fat, carbohydrate).
 */
export function nutritionInconsistency(
  declaration: NutritionDeclaration,
): { key: NutrientKey; message: string } | null {
  if (declaration.saturatesCg > declaration.fatCg) {
    return {
      key: 'saturatesCg',
      message: 'Les acides gras saturés ne peuvent pas dépasser les matières grasses.',
    };
  }
  if (declaration.sugarsCg > declaration.carbohydrateCg) {
    return { key: 'sugarsCg', message: 'Les sucres ne peuvent pas dépasser les glucides.' };
  }
  return null;
}

/** The list as plain text, allergens in capitals (where no bold exists: a PDF line, a mail). */
export function ingredientsText(ingredients: readonly Ingredient[]): string {
  return ingredients
    .map((item) => {
      const name = item.allergen ? item.name.toLocaleUpperCase('fr-FR') : item.name;
      return item.role ? `${item.role} : ${name}` : name;
    })
    .join(', ');
}
