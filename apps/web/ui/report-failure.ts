'use client';

import type { FieldValues, Path } from 'react-hook-form';
import { failureMessage, serverFieldErrors } from './server-errors';
import { notifyError } from './toaster';
import type { SetFieldError } from './use-api-form';

/**
 * A failed submit: the server's field errors go next to their fields (the first one takes the
 * focus) and its message goes to a toast (docs/requirements/storefront-layout.md).
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
