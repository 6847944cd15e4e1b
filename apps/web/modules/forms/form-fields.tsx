'use client';

import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FormFieldOption } from '@comptoir/contract/form';
import { describedBy, fieldIds } from '../../ui/field-ids';
import uiStyles from '../../ui/forms.module.css';
import styles from './forms.module.css';

/*
 * The controls a site's form may hold, beside ui/text-field: each wired like it (label, hint and
 * error tied with aria-describedby, aria-invalid while the error shows, « facultatif » on the
 * fields that may stay empty).
 */

interface FieldFrame {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

function Label({
  htmlFor,
  label,
  optional,
}: {
  htmlFor: string;
  label: string;
  optional: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={uiStyles.label}>
      {label}
      {optional && <span className={uiStyles.optional}>(facultatif)</span>}
    </label>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className={uiStyles.hint}>
      {children}
    </p>
  ) : null;
}

function ErrorText({ id, children }: { id: string; children?: string }) {
  return children ? (
    <p id={id} className={uiStyles.error}>
      {children}
    </p>
  ) : null;
}

export function TextareaField({
  label,
  registration,
  error,
  hint,
  optional = false,
  ...props
}: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'children'>) {
  const ids = fieldIds(useId());
  return (
    <div className={uiStyles.field}>
      <Label htmlFor={ids.control} label={label} optional={optional} />
      <Hint id={ids.hint}>{hint}</Hint>
      <textarea
        id={ids.control}
        className={`${uiStyles.control} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        required={!optional || undefined}
        {...props}
        {...registration}
      />
      <ErrorText id={ids.error}>{error}</ErrorText>
    </div>
  );
}

/** A single choice from a list, with an empty first entry that asks to choose. */
export function SelectField({
  label,
  registration,
  error,
  hint,
  optional = false,
  options,
  placeholder,
}: FieldFrame & { options: readonly FormFieldOption[]; placeholder?: string }) {
  const ids = fieldIds(useId());
  return (
    <div className={uiStyles.field}>
      <Label htmlFor={ids.control} label={label} optional={optional} />
      <Hint id={ids.hint}>{hint}</Hint>
      <select
        id={ids.control}
        className={`${uiStyles.control} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        required={!optional || undefined}
        {...registration}
      >
        <option value="">{placeholder ?? 'Choisissez…'}</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={ids.error}>{error}</ErrorText>
    </div>
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
}: FieldFrame & { options: readonly FormFieldOption[] }) {
  const ids = fieldIds(useId());
  const description = describedBy(ids, Boolean(hint), Boolean(error));
  return (
    <fieldset className={styles.fieldset} aria-describedby={description}>
      <legend className={`${uiStyles.label} ${styles.legend}`}>
        {label}
        {optional && <span className={uiStyles.optional}>(facultatif)</span>}
      </legend>
      <Hint id={ids.hint}>{hint}</Hint>
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
      <ErrorText id={ids.error}>{error}</ErrorText>
    </fieldset>
  );
}

/** One box to tick (consent, yes/no), its hint under the label. */
export function BoxField({ label, registration, error, hint, optional = false }: FieldFrame) {
  const ids = fieldIds(useId());
  return (
    <div className={uiStyles.checkbox}>
      <input
        id={ids.control}
        type="checkbox"
        className={uiStyles.checkboxInput}
        required={!optional || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        {...registration}
      />
      <label htmlFor={ids.control} className={uiStyles.checkboxLabel}>
        {label}
        {optional && <span className={uiStyles.optional}>(facultatif)</span>}
      </label>
      {hint ? (
        <p id={ids.hint} className={`${uiStyles.hint} ${styles.boxHint}`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className={`${uiStyles.error} ${styles.boxError}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A file to join; `accept` only guides the picker, the server checks the content. */
export function FileField({
  label,
  registration,
  error,
  hint,
  optional = false,
  accept,
}: FieldFrame & { accept: string }) {
  const ids = fieldIds(useId());
  return (
    <div className={uiStyles.field}>
      <Label htmlFor={ids.control} label={label} optional={optional} />
      <Hint id={ids.hint}>{hint}</Hint>
      <input
        id={ids.control}
        type="file"
        accept={accept}
        className={`${uiStyles.control} ${styles.file}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        required={!optional || undefined}
        {...registration}
      />
      <ErrorText id={ids.error}>{error}</ErrorText>
    </div>
  );
}
