'use client';

import { useId, type ReactNode } from 'react';
import { FieldError } from './field';
import { describedBy, fieldIds } from './field-ids';
import type { FieldRegistration } from './use-api-form';
import styles from './forms.module.css';

interface CheckboxFieldProps {
  /** The label may hold a link (the terms of use), outside the clickable text of the label. */
  label: ReactNode;
  registration: FieldRegistration;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Shows « facultatif » after the label. */
  optional?: boolean;
}

/** One box to tick (consent, yes/no): the box, its label, then its hint and error under the label. */
export function CheckboxField({
  label,
  registration,
  error,
  hint,
  required = false,
  optional = false,
}: CheckboxFieldProps) {
  const ids = fieldIds(useId());
  return (
    <div className={styles.checkbox}>
      <input
        id={ids.control}
        type="checkbox"
        className={styles.checkboxInput}
        required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        {...registration}
      />
      <label htmlFor={ids.control} className={styles.checkboxLabel}>
        {label}
        {optional && <span className={styles.optional}>(facultatif)</span>}
      </label>
      {hint ? (
        <p id={ids.hint} className={`${styles.hint} ${styles.checkboxNote}`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}
