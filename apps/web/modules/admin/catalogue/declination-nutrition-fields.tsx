'use client';

import { useId, useState } from 'react';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import type { NutritionInput, ProductInput } from '@comptoir/contract/admin-catalogue';
import { NUTRIENT_KEYS, NUTRIENT_LABELS, kcalFromKj } from '@comptoir/domain/nutrition';
import controls from '../admin-controls.module.css';
import styles from './catalogue.module.css';
import { describe, errorAt, LabelledField, ScaledNumberField, textOrNull } from './form-fields';

/*
 * One vintage's label in the product editor (EU Regulation 2021/2117, decision 0102): its
 * nutrition declaration per 100 ml, all of it or none, and its ingredients in order with the
 * allergens ticked. The storefront shows them when NUTRITIONAL_TABLE is on.
 */

type FormValues = ProductInput;

const EMPTY_DECLARATION: NutritionInput = {
  energyKj: NaN,
  energyKcal: NaN,
  fatCg: 0,
  saturatesCg: 0,
  carbohydrateCg: NaN,
  sugarsCg: NaN,
  proteinCg: NaN,
  saltCg: NaN,
};

export function DeclinationNutritionFields({
  index,
  control,
  register,
  setValue,
  errors,
}: {
  index: number;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  setValue: UseFormSetValue<FormValues>;
  errors: FieldErrors<FormValues>;
}) {
  const ids = useId();
  const path = `declinations.${index}` as const;
  const nutrition = useWatch({ control, name: `${path}.nutrition` });
  const ingredients = useFieldArray({ control, name: `${path}.ingredients` });
  const hasDeclaration = nutrition !== null && nutrition !== undefined;
  const filled = hasDeclaration || ingredients.fields.length > 0;
  // Open at first when the vintage has a label; then the owner's clicks decide (a prop that never
  // changes: React does not touch the element again).
  const [openAtFirst] = useState(filled);

  return (
    <details className={styles.rowActions} open={openAtFirst}>
      <summary>
        Déclaration nutritionnelle et ingrédients
        {filled ? '' : ' (non renseignés)'}
      </summary>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          className={styles.check}
          checked={hasDeclaration}
          onChange={(event) =>
            setValue(`${path}.nutrition`, event.target.checked ? { ...EMPTY_DECLARATION } : null, {
              shouldDirty: true,
            })
          }
        />
        Ce millésime a une déclaration nutritionnelle (pour 100 ml)
      </label>
      {hasDeclaration ? (
        <div className={styles.rowCard}>
          <ScaledNumberField
            control={control}
            name={`${path}.nutrition.energyKj`}
            label="Énergie (kJ)"
            decimals={0}
            error={errorAt(errors, `${path}.nutrition.energyKj`)}
          />
          <ScaledNumberField
            control={control}
            name={`${path}.nutrition.energyKcal`}
            label="Énergie (kcal)"
            hint={
              Number.isFinite(nutrition.energyKj)
                ? `Soit ${kcalFromKj(nutrition.energyKj)} kcal pour ${nutrition.energyKj} kJ.`
                : 'Environ les kJ divisés par 4,184.'
            }
            decimals={0}
            error={errorAt(errors, `${path}.nutrition.energyKcal`)}
          />
          {NUTRIENT_KEYS.map((key) => (
            <ScaledNumberField
              key={key}
              control={control}
              name={`${path}.nutrition.${key}`}
              label={`${NUTRIENT_LABELS[key].label} (g)`}
              decimals={2}
              error={errorAt(errors, `${path}.nutrition.${key}`)}
            />
          ))}
        </div>
      ) : null}

      <fieldset className={styles.rowCard}>
        <legend>Ingrédients, dans l’ordre de l’étiquette</legend>
        {errorAt(errors, `${path}.ingredients`) ? (
          <p className={controls.error}>{errorAt(errors, `${path}.ingredients`)}</p>
        ) : null}
        {ingredients.fields.map((field, row) => {
          const name = `${ids}-ingredient-${row}`;
          const nameError = errorAt(errors, `${path}.ingredients.${row}.name`);
          return (
            <div key={field.id} className={styles.rowCard}>
              <LabelledField
                id={`${name}-role`}
                label={`Rôle de l’ingrédient ${row + 1} (facultatif)`}
                hint="Par exemple « conservateur »."
              >
                <input
                  {...describe(`${name}-role`, undefined, 'hint')}
                  className={controls.control}
                  {...register(`${path}.ingredients.${row}.role`, { setValueAs: textOrNull })}
                />
              </LabelledField>
              <LabelledField id={`${name}-name`} label={`Ingrédient ${row + 1}`} error={nameError}>
                <input
                  {...describe(`${name}-name`, nameError)}
                  className={controls.control}
                  {...register(`${path}.ingredients.${row}.name`)}
                />
              </LabelledField>
              <label className={styles.checkRow}>
                <input
                  type="checkbox"
                  className={styles.check}
                  {...register(`${path}.ingredients.${row}.allergen`)}
                />
                Allergène (en gras sur la page)
              </label>
              <div className={styles.rowActions}>
                <button
                  type="button"
                  className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                  onClick={() => ingredients.remove(row)}
                >
                  Retirer l’ingrédient {row + 1}
                </button>
              </div>
            </div>
          );
        })}
        <div className={`${controls.buttons} ${styles.rowActions}`}>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => ingredients.append({ role: null, name: '', allergen: false })}
          >
            Ajouter un ingrédient
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() =>
              ingredients.append({ role: 'conservateur', name: 'sulfites', allergen: true })
            }
          >
            Ajouter « conservateur : sulfites »
          </button>
        </div>
      </fieldset>
    </details>
  );
}
