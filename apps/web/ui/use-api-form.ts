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
  /** Registers the control; the cleanup it returns (React 19) lets one box of a group go alone. */
  ref: (element: FieldElement | null) => void | (() => void);
  onChange: (event: { target: unknown }) => unknown;
  onBlur: (event: { target: unknown }) => unknown;
  defaultValue?: string | number;
  defaultChecked?: boolean;
}

export interface FieldBinding {
  registration: FieldRegistration;
  error: string | undefined;
}

/** One choice of a radio group or of a group of boxes: its value, ticked when the field holds it. */
export interface ChoiceRegistration extends FieldRegistration {
  value: string;
  defaultChecked: boolean;
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
  /**
   * One choice of a group sharing the field's name: radio buttons give the ticked one's value,
   * boxes give the list of the ticked ones' values (the field's default value is a list).
   */
  bindChoice: (
    name: Path<Values>,
    value: string,
  ) => { registration: ChoiceRegistration; error: string | undefined };
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

/** What a field's controls hold, as the engine reads them (a DOM control has them all). */
export interface ControlState {
  type?: string;
  value: string;
  checked?: boolean;
}

function isBox(element: ControlState): boolean {
  return element.type === 'checkbox';
}

/**
 * A field's value from its controls, as the schema expects it: a radio group gives the ticked
 * choice ('' when none is), a group of boxes the list of the ticked values (a field whose
 * default is a list, or several boxes of one name), a single box a boolean, a number field a
 * number (`NaN` when empty), any other control its text.
 */
export function readControls(
  elements: readonly ControlState[],
  options: { asNumber?: boolean; list?: boolean } = {},
): unknown {
  const first = elements[0];
  if (!first) return undefined;
  if (first.type === 'radio') {
    return elements.find((element) => element.checked)?.value ?? '';
  }
  if (isBox(first) && (options.list || elements.length > 1)) {
    return elements.filter((element) => element.checked).map((element) => element.value);
  }
  if (isBox(first)) return first.checked === true;
  if (options.asNumber) return first.value === '' ? Number.NaN : Number(first.value);
  return first.value;
}

/** Shows a value in a field's controls: the choices it holds ticked, or the text it is. */
export function writeControls(elements: readonly ControlState[], value: unknown): void {
  for (const element of elements) {
    if (element.type === 'radio') element.checked = element.value === value;
    else if (isBox(element)) {
      element.checked = Array.isArray(value) ? value.includes(element.value) : value === true;
    } else {
      element.value =
        value === undefined || value === null || Number.isNaN(value) ? '' : String(value);
    }
  }
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
  /** Each field's controls: one, or the choices of a group, in the order they came. */
  readonly controls = new Map<string, FieldElement[]>();
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

  /** A field's value as its controls hold it. */
  read(name: string, elements: readonly FieldElement[]): unknown {
    return readControls(elements, {
      asNumber: this.numeric.has(name),
      list: Array.isArray(this.defaults[name]),
    });
  }

  values(): Values {
    const values: Record<string, unknown> = { ...this.defaults };
    for (const [name, value] of this.kept) values[name] = value;
    for (const [name, elements] of this.controls) values[name] = this.read(name, elements);
    return values as Values;
  }

  /** A field's first control (the one that takes the focus). */
  first(name: string): FieldElement | undefined {
    return this.controls.get(name)?.[0];
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
      .map(([, elements]) => elements[0]!)
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
          if (!element) return;
          this.attach(name, element);
          return () => this.detach(name, element);
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

  /** A control joins its field: a field back on the page shows the value it kept. */
  private attach(name: string, element: FieldElement): void {
    if (this.kept.has(name)) writeControls([element], this.kept.get(name));
    this.controls.set(name, [...(this.controls.get(name) ?? []), element]);
    this.settle(name);
  }

  /** A control leaves: the field keeps the value its controls held (a group's leave together). */
  private detach(name: string, element: FieldElement): void {
    const elements = this.controls.get(name) ?? [];
    if (!this.kept.has(name)) this.kept.set(name, this.read(name, elements));
    const rest = elements.filter((candidate) => candidate !== element);
    if (rest.length > 0) this.controls.set(name, rest);
    else this.controls.delete(name);
    this.settle(name);
  }

  /** Once React's commit is over, a field still on the page holds its value in its controls. */
  private settle(name: string): void {
    queueMicrotask(() => {
      if (this.controls.has(name)) this.kept.delete(name);
    });
  }

  setValue(name: string, value: unknown): void {
    const elements = this.controls.get(name);
    if (elements) writeControls(elements, value);
    else this.kept.set(name, value);
  }

  reset(values: DefaultValues<Values> | undefined): void {
    if (values) this.defaults = { ...values };
    this.kept.clear();
    this.submitted = false;
    for (const [name, elements] of this.controls) writeControls(elements, this.defaults[name]);
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
    if (errorOptions?.shouldFocus) engine.first(name)?.focus();
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
    bindChoice: (name, value) => {
      const initial = engine.defaults[name];
      const registration: ChoiceRegistration = {
        name,
        ...engine.handlersOf(name),
        value,
        defaultChecked: Array.isArray(initial) ? initial.includes(value) : initial === value,
      };
      return { registration, error: errors[name] };
    },
    reset: (values) => {
      engine.reset(values);
      setErrors({});
    },
    setError,
    setFocus: (name) => engine.first(name)?.focus(),
    setValue: (name, value) => engine.setValue(name, value),
    formState: { isSubmitting, errors },
  };
}
