'use client';

import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { reportFailure } from './report-failure';

/**
 * What a form needs from the contract: its schema as a resolver, and whatever its submit calls
 * (the endpoint, a message). Each form keeps these in a `*-contract.ts` module of its own, loaded
 * when the visitor first reaches the form (focus, pointer) and at the latest on submit: zod and
 * the schemas never ship with the page.
 */
export interface FormContract<Values extends FieldValues, Output> {
  resolver: Resolver<Values, unknown, Output>;
}

export interface ApiFormOptions<
  Values extends FieldValues,
  Output,
  Contract extends FormContract<Values, Output>,
> {
  contract: () => Promise<Contract>;
  defaultValues: DefaultValues<Values>;
  /** Fields whose server errors show beside them; the server's message goes to a toast. */
  serverFields: readonly Path<Values>[];
  /** Sends the checked values; a throw reports the failure (field errors and toast). */
  submit: (values: Output, contract: Contract) => Promise<void>;
  /** After a failure was reported (an account form ends the session on a 401). */
  onFailure?: (error: unknown) => void;
}

export type ApiForm<Values extends FieldValues, Output> = UseFormReturn<Values, unknown, Output> & {
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Starts loading the contract (the form's onFocus and onPointerEnter call it). */
  prepare: () => void;
  /** A field's registration and current error, as every field component takes them. */
  bind: (name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>) => FieldBinding;
};

export interface FieldBinding {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/**
 * The one skeleton of the storefront's forms: react-hook-form checked with the API's own schema
 * (loaded lazily), submit, then the server's field errors beside their fields (the first takes
 * the focus) and its message in a toast (spec §8).
 */
export function useApiForm<
  Values extends FieldValues,
  Output,
  Contract extends FormContract<Values, Output>,
>(options: ApiFormOptions<Values, Output, Contract>): ApiForm<Values, Output> {
  const [loader] = useState(() => {
    let pending: Promise<Contract> | undefined;
    const load = () => (pending ??= options.contract());
    const resolver: Resolver<Values, unknown, Output> = async (values, context, resolverOptions) =>
      (await load()).resolver(values, context, resolverOptions);
    return { load, resolver };
  });
  const form = useForm<Values, unknown, Output>({
    resolver: loader.resolver,
    defaultValues: options.defaultValues,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await options.submit(values, await loader.load());
    } catch (error) {
      reportFailure(error, form.setError, options.serverFields);
      options.onFailure?.(error);
    }
  });
  const errors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  return {
    ...form,
    onSubmit,
    prepare: () => void loader.load(),
    bind: (name, registerOptions) => {
      const message = errors[name]?.message;
      return {
        registration: form.register(name, registerOptions),
        error: typeof message === 'string' ? message : undefined,
      };
    },
  };
}
