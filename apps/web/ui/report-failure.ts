'use client';

import type { FieldValues, Path } from 'react-hook-form';
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

/**
 * A failed submit: the server's field errors go next to their fields (the first one takes the
 * focus) and its message goes to a toast (spec §8).
 */
export function reportFailure<Values extends FieldValues>(
  error: unknown,
  setError: SetFieldError<Values>,
  fields: readonly Path<Values>[],
): void {
  serverFieldErrors(error, fields).forEach(({ field, message }, index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  notifyError(failureMessage(error));
}
