import type { Ingredient, NutritionDeclaration } from '@comptoir/domain/nutrition';
import { declinations } from '../../db/schema';

/*
 * A vintage's nutrition declaration is eight nullable integer columns of `declinations` (all set
 * or all null, a CHECK says so) and its ingredients a JSON list (decision 0102). These turn one
 * into the other for the back office's writes and both readers.
 */

export const nutritionColumns = {
  energyKj: declinations.energyKj,
  energyKcal: declinations.energyKcal,
  fatCg: declinations.fatCg,
  saturatesCg: declinations.saturatesCg,
  carbohydrateCg: declinations.carbohydrateCg,
  sugarsCg: declinations.sugarsCg,
  proteinCg: declinations.proteinCg,
  saltCg: declinations.saltCg,
  ingredients: declinations.ingredients,
};

export type NutritionColumns = {
  [Key in keyof NutritionDeclaration]: number | null;
} & { ingredients: Ingredient[] };

/** The declaration the columns hold, or null when the owner gave none. */
export function nutritionOf(row: NutritionColumns): NutritionDeclaration | null {
  const { energyKj, energyKcal, fatCg, saturatesCg, carbohydrateCg, sugarsCg, proteinCg, saltCg } =
    row;
  if (
    energyKj === null ||
    energyKcal === null ||
    fatCg === null ||
    saturatesCg === null ||
    carbohydrateCg === null ||
    sugarsCg === null ||
    proteinCg === null ||
    saltCg === null
  ) {
    return null;
  }
  return { energyKj, energyKcal, fatCg, saturatesCg, carbohydrateCg, sugarsCg, proteinCg, saltCg };
}

/** The columns to write for a declaration (null clears them all) and its ingredients. */
export function nutritionValues(
  nutrition: NutritionDeclaration | null,
  ingredients: Ingredient[],
): NutritionColumns {
  return {
    energyKj: nutrition?.energyKj ?? null,
    energyKcal: nutrition?.energyKcal ?? null,
    fatCg: nutrition?.fatCg ?? null,
    saturatesCg: nutrition?.saturatesCg ?? null,
    carbohydrateCg: nutrition?.carbohydrateCg ?? null,
    sugarsCg: nutrition?.sugarsCg ?? null,
    proteinCg: nutrition?.proteinCg ?? null,
    saltCg: nutrition?.saltCg ?? null,
    ingredients,
  };
}

/** Splits a declination's columns into its label (nutrition and ingredients) and the rest. */
export function splitNutrition<Row extends NutritionColumns>(
  row: Row,
): {
  rest: Omit<Row, keyof NutritionColumns>;
  nutrition: NutritionDeclaration | null;
  ingredients: Ingredient[];
} {
  const {
    energyKj: _energyKj,
    energyKcal: _energyKcal,
    fatCg: _fatCg,
    saturatesCg: _saturatesCg,
    carbohydrateCg: _carbohydrateCg,
    sugarsCg: _sugarsCg,
    proteinCg: _proteinCg,
    saltCg: _saltCg,
    ingredients,
    ...rest
  } = row;
  return { rest, nutrition: nutritionOf(row), ingredients };
}
