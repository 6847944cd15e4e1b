'use client';

import { useState } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver, ResolverOptions } from 'react-hook-form';
import { reportFailure, type FieldErrorInput, type SetFieldError } from './report-failure';

export type { FieldErrorInput, SetFieldError };

/**
 * What a form needs from the contract: its schema as a resolver, and whatever its submit calls
 * (the endpoint, a message). Each form keeps these in a `*-contract.ts` module of its own, loaded
 * when the visitor first reaches the form (focus, pointer) and at the latest on submit: zod, the
 * schemas and the resolver's helpers never ship with the page.
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
  /**
   * Where the failure's message goes instead of a toast (the back office says it in the form's
   * own live region).
   */
  notify?: (message: string) => void;
  /** Server keys that name a field of another name (`priceCents` for the typed `price`). */
  serverKeys?: Readonly<Record<string, Path<Values>>>;
}

/** The controls a field registers: the form reads their values from the page itself. */
export type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What a field spreads on its control: its name, the ref that registers it, the handlers that
 * re-check it once the form was submitted, and its initial value (in the server's HTML too).
 * react-hook-form's `register()` (the site forms' form-view) gives a compatible object.
 */
export interface FieldRegistration {
  name: string;
  ref: (element: FieldElement | null) => void;
  onChange: (event: { target: unknown }) => unknown;
  onBlur: (event: { target: unknown }) => unknown;
  defaultValue?: string | number;
  defaultChecked?: boolean;
}

export interface FieldBinding {
  registration: FieldRegistration;
  error: string | undefined;
}

export interface BindOptions {
  /** The value is a number (`NaN` when empty), as the contract's schema expects it. */
  valueAsNumber?: boolean;
}

export interface ApiForm<Values extends FieldValues> {
  onSubmit: (event?: { preventDefault?: () => void }) => Promise<void>;
  /** Starts loading the contract (the form's onFocus and onPointerEnter call it). */
  prepare: () => void;
  /** A field's registration and current error, as every field component takes them. */
  bind: (name: Path<Values>, options?: BindOptions) => FieldBinding;
  /** Back to the default values (or to new ones), without errors. */
  reset: (values?: DefaultValues<Values>) => void;
  setError: SetFieldError<Values>;
  setFocus: (name: Path<Values>) => void;
  /**
   * Gives a field a value: its control shows it, or, for a value no single control holds (the
   * ids of several boxes), the form sends it as it is.
   */
  setValue: (name: Path<Values>, value: unknown) => void;
  formState: { isSubmitting: boolean; errors: Readonly<Record<string, string>> };
}

type Errors = Readonly<Record<string, string>>;

interface Handlers {
  ref: (element: FieldElement | null) => void;
  onChange: () => void;
  onBlur: () => void;
}

/** The first message of each field in a resolver's errors (react-hook-form's FieldErrors shape). */
export function messagesOf(errors: Record<string, unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') messages[name] = message;
  }
  return messages;
}

/** A control's value as the schema expects it: a box is a boolean, a number field a number. */
function readControl(element: FieldElement, asNumber: boolean): unknown {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked;
  if (asNumber) return element.value === '' ? Number.NaN : Number(element.value);
  return element.value;
}

function writeControl(element: FieldElement, value: unknown): void {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    element.checked = value === true;
    return;
  }
  element.value = value === undefined || value === null || Number.isNaN(value) ? '' : String(value);
}

/**
 * The state of one form that React does not need to render: its controls (registered by their
 * refs, in the page), the values of fields taken off the page, the contract once loaded.
 */
class FormEngine<
  Values extends FieldValues,
  Output,
  Contract extends FormContract<Values, Output>,
> {
  readonly controls = new Map<string, FieldElement>();
  readonly numeric = new Set<string>();
  /** Values of fields that left the page (a closed section): kept, as react-hook-form does. */
  readonly kept = new Map<string, unknown>();
  readonly handlers = new Map<string, Handlers>();
  defaults: Record<string, unknown>;
  /** Once submitted, each change re-checks its field (react-hook-form's reValidateMode). */
  private submitted = false;
  private contract: Promise<Contract> | undefined;

  constructor(
    defaults: DefaultValues<Values>,
    private readonly loadContract: () => Promise<Contract>,
    private readonly setErrors: (update: (errors: Errors) => Errors) => void,
  ) {
    this.defaults = { ...defaults };
  }

  markSubmitted(): void {
    this.submitted = true;
  }

  /** A number field: its value goes to the schema as a number. */
  markNumeric(name: string): void {
    this.numeric.add(name);
  }

  load(): Promise<Contract> {
    this.contract ??= this.loadContract().catch((error: unknown) => {
      // A failed download (offline) is tried again on the next attempt.
      this.contract = undefined;
      throw error;
    });
    return this.contract;
  }

  values(): Values {
    const values: Record<string, unknown> = { ...this.defaults };
    for (const [name, value] of this.kept) values[name] = value;
    for (const [name, element] of this.controls) {
      values[name] = readControl(element, this.numeric.has(name));
    }
    return values as Values;
  }

  async check(): Promise<
    { ok: true; values: Output; contract: Contract } | { ok: false; errors: Errors }
  > {
    const contract = await this.load();
    const options: ResolverOptions<Values> = {
      fields: {},
      names: [...this.controls.keys()] as ResolverOptions<Values>['names'],
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    };
    const result = await contract.resolver(this.values(), undefined, options);
    const errors = messagesOf(result.errors as Record<string, unknown>);
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, values: result.values as Output, contract };
  }

  /** The registered controls with an error, in the order of the page. */
  focusFirst(errors: Errors): void {
    const controls = [...this.controls.entries()]
      .filter(([name]) => errors[name] !== undefined)
      .map(([, element]) => element)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    controls[0]?.focus();
  }

  /** The same functions for a field on every render, so that React keeps its control attached. */
  handlersOf(name: string): Handlers {
    let handlers = this.handlers.get(name);
    if (!handlers) {
      const onChange = () => {
        if (this.submitted) void this.recheck(name);
      };
      handlers = {
        ref: (element) => {
          const current = this.controls.get(name);
          if (element) {
            if (this.kept.has(name)) {
              writeControl(element, this.kept.get(name));
              this.kept.delete(name);
            }
            this.controls.set(name, element);
          } else if (current) {
            this.kept.set(name, readControl(current, this.numeric.has(name)));
            this.controls.delete(name);
          }
        },
        onChange,
        onBlur: () => undefined,
      };
      this.handlers.set(name, handlers);
    }
    return handlers;
  }

  /** After a submit, a change updates that field's error only, as the visitor types. */
  private async recheck(name: string): Promise<void> {
    let message: string | undefined;
    try {
      const outcome = await this.check();
      message = outcome.ok ? undefined : outcome.errors[name];
    } catch {
      return;
    }
    this.setErrors((errors) => {
      if (errors[name] === message) return errors;
      const next = { ...errors };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  }

  setValue(name: string, value: unknown): void {
    const element = this.controls.get(name);
    if (element) writeControl(element, value);
    else this.kept.set(name, value);
  }

  reset(values: DefaultValues<Values> | undefined): void {
    if (values) this.defaults = { ...values };
    this.kept.clear();
    this.submitted = false;
    for (const [name, element] of this.controls) writeControl(element, this.defaults[name]);
  }
}

/**
 * The one skeleton of the storefront's forms. The page ships only this small state: the fields
 * are the page's own controls, read when the form is sent. The form's contract (the API's own
 * schema, as a resolver) loads when the visitor reaches the form, and checks the values on
 * submit; then each change re-checks its field. The server's field errors show beside their
 * fields (the first takes the focus) and its message in a toast (docs/requirements/storefront-layout.md).
 */
export function useApiForm<
  Values extends FieldValues,
  Output,
  Contract extends FormContract<Values, Output>,
>(options: ApiFormOptions<Values, Output, Contract>): ApiForm<Values> {
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [engine] = useState(
    () =>
      new FormEngine<Values, Output, Contract>(options.defaultValues, options.contract, setErrors),
  );

  const failureOptions = { notify: options.notify, keys: options.serverKeys };

  const setError: SetFieldError<Values> = (name, error, errorOptions) => {
    setErrors((current) => ({ ...current, [name]: error.message }));
    if (errorOptions?.shouldFocus) engine.controls.get(name)?.focus();
  };

  const onSubmit = async (event?: { preventDefault?: () => void }) => {
    event?.preventDefault?.();
    engine.markSubmitted();
    setSubmitting(true);
    try {
      const outcome = await engine.check();
      if (!outcome.ok) {
        setErrors(outcome.errors);
        engine.focusFirst(outcome.errors);
        return;
      }
      setErrors({});
      try {
        await options.submit(outcome.values, outcome.contract);
      } catch (error) {
        reportFailure(error, setError, options.serverFields, failureOptions);
        options.onFailure?.(error);
      }
    } catch (error) {
      // The contract could not be loaded (offline): said like any failed call.
      reportFailure(error, setError, options.serverFields, failureOptions);
    } finally {
      setSubmitting(false);
    }
  };

  return {
    onSubmit,
    prepare: () => void engine.load().catch(() => undefined),
    bind: (name, bindOptions) => {
      if (bindOptions?.valueAsNumber) engine.markNumeric(name);
      const initial = engine.defaults[name];
      const registration: FieldRegistration = { name, ...engine.handlersOf(name) };
      if (typeof initial === 'boolean') registration.defaultChecked = initial;
      else if (typeof initial === 'string' || typeof initial === 'number') {
        registration.defaultValue = initial;
      }
      return { registration, error: errors[name] };
    },
    reset: (values) => {
      engine.reset(values);
      setErrors({});
    },
    setError,
    setFocus: (name) => engine.controls.get(name)?.focus(),
    setValue: (name, value) => engine.setValue(name, value),
    formState: { isSubmitting, errors },
  };
}
