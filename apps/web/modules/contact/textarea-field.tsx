'use client';

import { useId, type TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, fieldIds } from '../../ui/field-ids';
import styles from '../../ui/forms.module.css';
import contactStyles from './contact.module.css';

interface TextareaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'name' | 'children'
> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

/** A labelled multi-line field, wired like ui/text-field (hint and error described, aria-invalid). */
export function TextareaField({ label, registration, error, hint, ...props }: TextareaFieldProps) {
  const ids = fieldIds(useId());
  return (
    <div className={styles.field}>
      <label htmlFor={ids.control} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      )}
      <textarea
        id={ids.control}
        className={`${styles.control} ${contactStyles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
        required
        {...props}
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
