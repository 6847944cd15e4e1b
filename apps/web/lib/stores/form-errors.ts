'use client';

import { create } from 'zustand';
import type { FieldError } from '@comptoir/contract/envelope';

interface FormErrorsState {
  /** The server's field errors of each form, by form id: two forms never share their errors. */
  byForm: Readonly<Record<number, readonly FieldError[]>>;
  setErrors: (formId: number, errors: readonly FieldError[]) => void;
  /** Forgets one field's error, once the visitor changes its value. */
  clearField: (formId: number, key: string) => void;
  clearForm: (formId: number) => void;
}

const NO_ERRORS: readonly FieldError[] = [];

/**
 * Form errors are kept per form (docs/requirements/forms.md): what the server refused on one form of the page is
 * shown next to that form's fields only, and stays until the visitor changes the field or the
 * form is sent again. In memory only: a reload starts clean.
 */
export const useFormErrorsStore = create<FormErrorsState>()((set) => ({
  byForm: {},
  setErrors: (formId, errors) =>
    set((state) => ({ byForm: { ...state.byForm, [formId]: [...errors] } })),
  clearField: (formId, key) =>
    set((state) => {
      const errors = state.byForm[formId];
      if (!errors?.some((error) => error.key === key)) return state;
      return { byForm: { ...state.byForm, [formId]: errors.filter((error) => error.key !== key) } };
    }),
  clearForm: (formId) =>
    set((state) => {
      if (!(formId in state.byForm)) return state;
      const { [formId]: _cleared, ...rest } = state.byForm;
      return { byForm: rest };
    }),
}));

/** The errors of one form (a stable empty list when it has none). */
export function useFormErrors(formId: number): readonly FieldError[] {
  return useFormErrorsStore((state) => state.byForm[formId] ?? NO_ERRORS);
}
