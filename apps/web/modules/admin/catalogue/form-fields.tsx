'use client';

import { useId, useState, type ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { decimalTextToScaled, scaledToDecimalText } from '@comptoir/domain/decimal-input';
import controls from '../admin-controls.module.css';

/** The error message react-hook-form holds at a dotted path ("declinations.0.priceCents"). */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let current: unknown = errors;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  const message = (current as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A label, its control and its error, tied together for screen readers. */
export function LabelledField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className={controls.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className={controls.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control inside LabelledField. */
export function describe(id: string, error?: string, hint?: string) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
  };
}

/**
 * A number the owner types with a decimal comma and the form keeps as an integer scaled by
 * 10^decimals: euros → cents (2), percent → basis points (2), alcohol → tenths (1). Blank is null
 * when `nullable`; anything unreadable is NaN, which the contract's schema refuses with its message.
 */
export function ScaledNumberField<T extends FieldValues>({
  control,
  name,
  label,
  decimals,
  nullable = false,
  hint,
  error,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  decimals: number;
  nullable?: boolean;
  hint?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LabelledField id={id} label={label} error={error} hint={hint}>
          <ScaledInput
            id={id}
            value={field.value as number | null}
            decimals={decimals}
            nullable={nullable}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria={describe(id, error, hint)}
          />
        </LabelledField>
      )}
    />
  );
}

function ScaledInput({
  value,
  decimals,
  nullable,
  onChange,
  onBlur,
  aria,
}: {
  id: string;
  value: number | null;
  decimals: number;
  nullable: boolean;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  aria: ReturnType<typeof describe>;
}) {
  const [text, setText] = useState(() =>
    value === null || value === undefined || Number.isNaN(value)
      ? ''
      : scaledToDecimalText(value, decimals),
  );
  return (
    <input
      {...aria}
      className={controls.control}
      inputMode="decimal"
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.value.trim();
        onChange(typed === '' && nullable ? null : (decimalTextToScaled(typed, decimals) ?? NaN));
      }}
    />
  );
}

/** For register(): blank → null (or NaN when required), otherwise the number typed. */
export function numberOrNull(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  return Number(String(value).replace(',', '.'));
}
export function requiredNumber(value: unknown): number {
  if (value === '' || value === null || value === undefined) return NaN;
  return Number(String(value).replace(',', '.'));
}
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
