'use client';

import type { ReactNode } from 'react';
import type { FieldRegistration } from '../../../ui/use-api-form';
import controls from '../admin-controls.module.css';

/**
 * One labelled control of a back-office form, with its hint and its error tied to it for screen
 * readers (aria-describedby, aria-invalid).
 */
export function AdminField({
  id,
  label,
  registration,
  error,
  hint,
  optional = false,
  multiline = false,
  type = 'text',
  inputMode,
  rows = 4,
  children,
}: {
  id: string;
  label: string;
  /** useApiForm's `bind(name).registration`, or react-hook-form's `register(name)`. */
  registration: FieldRegistration;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  multiline?: boolean;
  type?: string;
  inputMode?: 'decimal' | 'numeric' | 'email' | 'search' | 'text';
  rows?: number;
  /** Shown under the control (a preview, a link). */
  children?: ReactNode;
}) {
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
  const props = {
    id,
    className: controls.control,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy,
    ...registration,
  };
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
        {optional && <span className={controls.optional}> (facultatif)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={controls.hint}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={rows} {...props} />
      ) : (
        <input type={type} autoComplete="off" inputMode={inputMode} {...props} />
      )}
      {error && (
        <p id={`${id}-error`} className={controls.error}>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
