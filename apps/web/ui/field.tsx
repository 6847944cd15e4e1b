'use client';

import { useId, type ReactNode } from 'react';
import { describedBy, fieldIds } from './field-ids';
import type { FieldRegistration } from './use-api-form';
import styles from './forms.module.css';

/** What every field of every form takes: a label, its registration, an optional hint and error. */
export interface FieldProps {
  label: string;
  /** The field's registration (ui/use-api-form's bind(), or react-hook-form's register()). */
  registration: FieldRegistration;
  error?: string;
  hint?: ReactNode;
  /** Shows « facultatif » beside the label; fields are required otherwise. */
  optional?: boolean;
}

/** The attributes that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: true | undefined;
}

/**
 * The one frame of every labelled field: label (with « facultatif »), hint, the control, error.
 * The hint and error are tied to the control with aria-describedby, and aria-invalid marks it
 * while the error shows, so that a screen reader reads both when the field has focus.
 */
export function Field({
  label,
  error,
  hint,
  optional = false,
  className,
  children,
}: Omit<FieldProps, 'registration'> & {
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
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
      {children({
        id: ids.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(ids, Boolean(hint), Boolean(error)),
        required: optional ? undefined : true,
      })}
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children?: string }) {
  return children ? (
    <p id={id} className={styles.error}>
      {children}
    </p>
  ) : null;
}
