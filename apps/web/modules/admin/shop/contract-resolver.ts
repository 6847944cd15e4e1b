import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that runs a contract schema (the one the API validates with) on
 * what the form holds once turned into the wire's shape (euros typed → cents, empty → null), and
 * puts each message back on the field it came from (`fieldOf`, by default the issue's first key).
 */
export function contractResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toInput: (values: Values) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => String(path[0] ?? 'root'),
): Resolver<Values, unknown, z.output<Schema>> {
  return async (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    // Nested as react-hook-form reads them: "cells.FRANCE_METRO_6" is errors.cells.FRANCE_METRO_6.
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const keys = fieldOf(issue.path).split('.');
      let level = errors;
      for (const key of keys.slice(0, -1)) level = (level[key] ??= {}) as Record<string, unknown>;
      level[keys.at(-1)!] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** A number field's text as the contract reads it: null when empty, NaN when not a whole number. */
export function wholeNumberOrNull(typed: string): number | null {
  const written = typed.trim();
  if (written === '') return null;
  return /^\d+$/.test(written) ? Number(written) : Number.NaN;
}
