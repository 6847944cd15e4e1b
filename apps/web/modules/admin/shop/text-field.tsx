'use client';

import { useId, type InputHTMLAttributes } from 'react';
import type { FieldRegistration } from '../../../ui/use-api-form';
import controls from '../admin-controls.module.css';

/**
 * A labelled input of the shop screens, its hint and its error tied to it for screen readers; its
 * registration is useApiForm's `bind(name).registration` or react-hook-form's `register(name)`.
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  optional = false,
  ...input
}: {
  label: string;
  registration: FieldRegistration;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined;
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
      <input
        id={id}
        className={controls.control}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className={controls.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxField({
  label,
  registration,
}: {
  label: string;
  registration: FieldRegistration;
}) {
  const id = useId();
  return (
    <div className={controls.checkboxRow}>
      <input id={id} type="checkbox" {...registration} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A labelled list to pick one option from, its error tied to it. */
export function SelectField({
  label,
  registration,
  options,
  error,
}: {
  label: string;
  registration: FieldRegistration;
  options: { value: string; label: string }[];
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={controls.field}>
      <label htmlFor={id} className={controls.label}>
        {label}
      </label>
      <select
        id={id}
        className={controls.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={controls.error}>
          {error}
        </p>
      )}
    </div>
  );
}
