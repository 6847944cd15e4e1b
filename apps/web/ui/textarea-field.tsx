'use client';

import type { TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';
import styles from './forms.module.css';

/** A labelled multi-line field (ui/field), growing downwards only. */
export function TextareaField({
  label,
  registration,
  error,
  hint,
  optional,
  ...props
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'children'>) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional}>
      {(control) => (
        <textarea
          className={`${styles.control} ${styles.textarea}`}
          {...control}
          {...props}
          {...registration}
        />
      )}
    </Field>
  );
}
