'use client';

import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  ALCOHOL_AGE_RULES_LOCKED_MESSAGE,
  MONEY_PARAMETERS,
  type AdminParameter,
} from '@comptoir/contract/admin-theme';
import { ALCOHOL_AGE_PARAMETERS } from '@comptoir/domain/legal-age';
import { parameterChoices } from '@comptoir/domain/parameter-choices';
import { isHexColour } from '@comptoir/domain/site-parameters';
import { PARAMETER_EFFECTS } from './parameter-effects';
import type { ThemeFormValues } from './theme-values';
import controls from '../admin-controls.module.css';
import styles from './theme.module.css';

/** '#abc' → '#aabbcc', '#aabbccdd' → '#aabbcc': the only form <input type="color"> takes. */
function pickerValue(colour: string, fallback: string): string {
  const source = isHexColour(colour) ? colour : fallback;
  const digits = source.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return `#${full.slice(0, 6).toLowerCase()}`;
}

function defaultHint(parameter: AdminParameter): string | null {
  const { defaultValue } = parameter;
  if (defaultValue === null || defaultValue === '' || parameter.kind === 'BOOLEAN') return null;
  if (parameter.kind === 'TEXT') return 'Laissez vide pour le texte par défaut.';
  const shown = MONEY_PARAMETERS.has(parameter.type)
    ? `${String(defaultValue).replace('.', ',')} €`
    : String(defaultValue);
  return `Vide : ${shown} par défaut.`;
}

/** One parameter's field, shaped by its kind: colour, checkbox, number, text or long text. */
export function ParameterField({
  parameter,
  form,
}: {
  parameter: AdminParameter;
  form: UseFormReturn<ThemeFormValues>;
}) {
  const id = useId();
  const name = parameter.type;
  const current = useWatch({ control: form.control, name });
  const sellsAlcohol = useWatch({ control: form.control, name: 'SELLS_ALCOHOL' }) === true;
  // Both age rules stay on while the site sells alcohol (decision 0109), as ticked in this form.
  const locked =
    sellsAlcohol && (ALCOHOL_AGE_PARAMETERS as readonly string[]).includes(parameter.type);
  const error = form.formState.errors[name]?.message;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const hint = defaultHint(parameter);
  const effectId = `${id}-effect`;
  const effect = PARAMETER_EFFECTS[parameter.type as keyof typeof PARAMETER_EFFECTS] ?? null;
  const describedBy = [effect ? effectId : null, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const controlProps = {
    id,
    className: controls.control,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
    ...form.register(name),
  };
  const errorText = error ? (
    <p id={errorId} className={controls.error}>
      {error}
    </p>
  ) : null;

  if (parameter.kind === 'BOOLEAN' && locked) {
    const lockId = `${id}-lock`;
    return (
      <div className={controls.field}>
        <label className={styles.checkbox}>
          <input type="checkbox" checked disabled aria-describedby={lockId} readOnly />
          {parameter.label}
        </label>
        <p id={lockId} className={controls.hint} data-testid={`locked-${parameter.type}`}>
          {ALCOHOL_AGE_RULES_LOCKED_MESSAGE}
        </p>
      </div>
    );
  }

  if (parameter.kind === 'BOOLEAN') {
    return (
      <div className={controls.field}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            aria-describedby={effect ? effectId : undefined}
            {...form.register(name)}
          />
          {parameter.label}
        </label>
        {effect && (
          <p id={effectId} className={controls.hint}>
            {effect}
          </p>
        )}
      </div>
    );
  }

  const isColour = parameter.group === 'colours';
  const choices = parameterChoices(parameter.type);
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {parameter.label}
      </label>
      {effect && (
        <p id={effectId} className={controls.hint}>
          {effect}
        </p>
      )}
      {hint && (
        <p id={hintId} className={controls.hint}>
          {hint}
        </p>
      )}
      {isColour ? (
        <div className={controls.colourRow}>
          <input
            type="color"
            className={controls.colourPicker}
            aria-label={`Choisir : ${parameter.label}`}
            value={pickerValue(
              typeof current === 'string' ? current : '',
              String(parameter.defaultValue),
            )}
            onChange={(event) =>
              form.setValue(name, event.target.value, { shouldDirty: true, shouldValidate: false })
            }
          />
          <input type="text" spellCheck={false} autoComplete="off" {...controlProps} />
        </div>
      ) : parameter.kind === 'TEXT' ? (
        <textarea rows={parameter.group === 'texts' ? 6 : 4} {...controlProps} />
      ) : choices ? (
        <select {...controlProps}>
          <option value="">Par défaut : {choices[0]!.label}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : parameter.kind === 'NUMBER' ? (
        <input type="text" inputMode="decimal" autoComplete="off" {...controlProps} />
      ) : (
        <input
          type={parameter.kind === 'LINK' ? 'url' : 'text'}
          autoComplete="off"
          {...controlProps}
        />
      )}
      {errorText}
    </div>
  );
}
