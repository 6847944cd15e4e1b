'use client';

import type { ReactNode } from 'react';
import { slugify } from '@comptoir/domain/slug';
import type { FieldBinding } from '../../../ui/use-api-form';
import controls from '../admin-controls.module.css';

/*
 * The labelled field of the editorial forms (blog, news, albums): label, optional hint, the
 * control, and its error, tied together for screen readers.
 */

export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

export function Field({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  children: ReactNode;
}) {
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
      {children}
      {error && (
        <p id={`${id}-error`} className={controls.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A text field of an editorial form on useApiForm: `bind(name)`'s registration and error, and
 * what the owner types for a form that follows it (the address proposed from the title).
 */
export function EditorialInput({
  id,
  label,
  hint,
  optional,
  binding: { registration, error },
  type,
  onValue,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  binding: FieldBinding;
  type?: string;
  onValue?: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      <input
        id={id}
        type={type}
        className={controls.control}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...registration}
        onChange={(event) => {
          registration.onChange(event);
          onValue?.(event.target.value);
        }}
      />
    </Field>
  );
}

/**
 * The title and the address of a news item, a folder or an album: while the item is new, the
 * address follows the title (`proposeSlug`) until the owner writes their own.
 */
export function TitleAndAddress({
  id,
  titleLabel = 'Titre',
  title,
  slug,
  proposeSlug,
}: {
  id: string;
  titleLabel?: string;
  title: FieldBinding;
  slug: FieldBinding;
  proposeSlug?: ((slug: string) => void) | undefined;
}) {
  return (
    <>
      <EditorialInput
        id={`${id}-title`}
        label={titleLabel}
        binding={title}
        {...(proposeSlug ? { onValue: (typed: string) => proposeSlug(slugify(typed)) } : {})}
      />
      <EditorialInput id={`${id}-slug`} label="Adresse" binding={slug} />
    </>
  );
}

/** A datetime-local value (the owner's clock) from an ISO moment, and back. */
export function localInputOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function isoOfLocalInput(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
