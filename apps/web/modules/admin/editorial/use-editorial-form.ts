'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@comptoir/contract/request';
import { slugify } from '@comptoir/domain/slug';

/**
 * The contract's schema as a resolver, checking values as the API does. The form holds what the
 * controls show (a date in the owner's local time, empty text); `toInput` turns it into the
 * contract's input before the schema runs.
 */
export function editorialResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  toInput: (values: Values) => unknown,
): Resolver<Values, unknown, Output> {
  return async (values, context, options) =>
    // The schema's input is what toInput produces; the resolver's typing expects Values.
    zodResolver(schema as never)(toInput(values) as never, context, options as never) as never;
}

/** A react-hook-form form on `editorialResolver` (the article's page, not a list editor). */
export function useEditorialForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  defaultValues: Values,
  toInput: (values: Values) => unknown,
) {
  return useForm<Values, unknown, Output>({
    resolver: editorialResolver(schema, toInput),
    defaultValues: defaultValues as DefaultValues<Values>,
  });
}

/** Puts the API's field errors (a slug taken…) under their fields; true if there were any. */
export function showServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError) || error.errors.length === 0) return false;
  for (const item of error.errors) {
    setError(item.key as Parameters<UseFormSetError<Values>>[0], { message: item.error });
  }
  return true;
}

/** The address proposed for a title, until the owner writes their own. */
export const slugOfTitle = slugify;
