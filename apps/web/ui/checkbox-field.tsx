'use client';

import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, fieldIds } from './field-ids';
import styles from './forms.module.css';

interface CheckboxFieldProps {
  /** The label may hold a link (the terms of use), outside the clickable text of the label. */
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
}

export function CheckboxField({
  label,
  registration,
  error,
  required = false,
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
        aria-describedby={describedBy(ids, false, Boolean(error))}
        {...registration}
      />
      <label htmlFor={ids.control} className={styles.checkboxLabel}>
        {label}
      </label>
      {error && (
        <p id={ids.error} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
