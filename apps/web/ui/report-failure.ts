'use client';

import type { FieldValues, Path } from 'react-hook-form';
import { ApiError } from '@comptoir/contract/request';
import { failureMessage, serverFieldErrors } from './server-errors';
import { notifyError } from './toaster';

/** A field error as react-hook-form takes it (the form hook passes its `setError`). */
export interface FieldErrorInput {
  type?: string;
  message: string;
}

export type SetFieldError<Values extends FieldValues> = (
  name: Path<Values>,
  error: FieldErrorInput,
  options?: { shouldFocus?: boolean },
) => void;

export interface ReportOptions {
  /** Where the message goes instead of a toast. */
  notify?: ((message: string) => void) | undefined;
  /** Server keys renamed to the form's field names. */
  keys?: Readonly<Record<string, string>> | undefined;
}

/** The server's field errors under the form's own names. */
function renamed(error: unknown, keys: Readonly<Record<string, string>> | undefined): unknown {
  if (!keys || !(error instanceof ApiError)) return error;
  const errors = error.errors.map((item) => ({ ...item, key: keys[item.key] ?? item.key }));
  return new ApiError(error.message, error.status, errors);
}

/**
 * A failed submit: the server's field errors go next to their fields (the first one takes the
 * focus) and its message goes to a toast (docs/requirements/forms.md), or where the form says.
 */
export function reportFailure<Values extends FieldValues>(
  error: unknown,
  setError: SetFieldError<Values>,
  fields: readonly Path<Values>[],
  options: ReportOptions = {},
): void {
  serverFieldErrors(renamed(error, options.keys), fields).forEach(({ field, message }, index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  (options.notify ?? notifyError)(failureMessage(error));
}
