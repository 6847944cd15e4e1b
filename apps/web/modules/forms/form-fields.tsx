'use client';

import { useId } from 'react';
import type { FormFieldOption } from '@comptoir/contract/form';
import { Field, FieldError, type FieldProps } from '../../ui/field';
import { describedBy, fieldIds } from '../../ui/field-ids';
import uiStyles from '../../ui/forms.module.css';
import styles from './forms.module.css';

/*
 * The controls a site's form may hold beyond ui/'s text, textarea and checkbox fields, each in
 * the same frame (ui/field: label, hint and error tied with aria-describedby, aria-invalid while
 * the error shows, « facultatif » on the fields that may stay empty).
 */

/** A single choice from a list, with an empty first entry that asks to choose. */
export function SelectField({
  registration,
  options,
  placeholder,
  ...frame
}: FieldProps & { options: readonly FormFieldOption[]; placeholder?: string }) {
  return (
    <Field {...frame}>
      {(control) => (
        <select className={`${uiStyles.control} ${styles.select}`} {...control} {...registration}>
          <option value="">{placeholder ?? 'Choisissez…'}</option>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Several choices: a group of boxes named by its legend, the hint and error read with it. */
export function OptionsField({
  label,
  registration,
  error,
  hint,
  optional = false,
  options,
}: FieldProps & { options: readonly FormFieldOption[] }) {
  const ids = fieldIds(useId());
  const description = describedBy(ids, Boolean(hint), Boolean(error));
  return (
    <fieldset className={styles.fieldset} aria-describedby={description}>
      <legend className={`${uiStyles.label} ${styles.legend}`}>
        {label}
        {optional && <span className={uiStyles.optional}>(facultatif)</span>}
      </legend>
      {hint ? (
        <p id={ids.hint} className={uiStyles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.options}>
        {options.map((option, index) => (
          <div key={option.key} className={uiStyles.checkbox}>
            <input
              id={`${ids.control}-${index}`}
              type="checkbox"
              value={option.key}
              className={uiStyles.checkboxInput}
              aria-invalid={error ? true : undefined}
              {...registration}
            />
            <label htmlFor={`${ids.control}-${index}`} className={uiStyles.checkboxLabel}>
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={ids.error}>{error}</FieldError>
    </fieldset>
  );
}

/** A file to join; `accept` only guides the picker, the server checks the content. */
export function FileField({ registration, accept, ...frame }: FieldProps & { accept: string }) {
  return (
    <Field {...frame}>
      {(control) => (
        <input
          type="file"
          accept={accept}
          className={`${uiStyles.control} ${styles.file}`}
          {...control}
          {...registration}
        />
      )}
    </Field>
  );
}
