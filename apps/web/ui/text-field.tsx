'use client';

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, fieldIds } from './field-ids';
import styles from './forms.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'children'
> {
  label: string;
  /** The field's registration from react-hook-form's register(). */
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  /** Shows « facultatif » beside the label; fields are required otherwise. */
  optional?: boolean;
}

/**
 * A labelled input. Its hint and error are tied to it with aria-describedby, and aria-invalid
 * marks it while the error shows, so that a screen reader reads both when the field has focus.
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  optional = false,
  className,
  ...inputProps
}: TextFieldProps) {
  const ids = fieldIds(useId());
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={ids.control} className={styles.label}>
        {label}
        {optional && <span className={styles.optional}>(facultatif)</span>}
      </label>
      {hint && (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={ids.control}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        required={!optional || undefined}
        {...inputProps}
        {...registration}
      />
      {error && (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
