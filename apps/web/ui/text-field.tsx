'use client';

import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';
import styles from './forms.module.css';

export type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'children'>;

/** A labelled input (ui/field). */
export function TextField({
  label,
  registration,
  error,
  hint,
  optional,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(control) => (
        <input className={styles.control} {...control} {...inputProps} {...registration} />
      )}
    </Field>
  );
}
