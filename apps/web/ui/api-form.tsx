'use client';

import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormStatus } from './form-status';
import { SubmitButton } from './submit-button';
import type { ApiForm as ApiFormState } from './use-api-form';
import styles from './forms.module.css';

interface ApiFormProps<Values extends FieldValues> {
  form: ApiFormState<Values>;
  /** The form's accessible name (or `labelledBy`, the id of a heading that names it). */
  label?: string;
  labelledBy?: string;
  submitLabel: ReactNode;
  pendingLabel?: string;
  className?: string;
  /** Beside the submit button (a link to another form). */
  actions?: ReactNode;
  /**
   * The outcome shown above the button, in a live region that stays in the form (pass null
   * while there is none); forms that replace themselves with their outcome leave it out.
   */
  status?: ReactNode;
  children: ReactNode;
}

/**
 * The form element of useApiForm: no browser validation bubbles (the fields show the schema's
 * messages), the contract loaded as soon as the visitor reaches the form, the submit button
 * saying when it sends. react-hook-form is not needed here: the page's controls hold the values.
 */
export function ApiForm<Values extends FieldValues>({
  form,
  label,
  labelledBy,
  submitLabel,
  pendingLabel,
  className,
  actions,
  status,
  children,
}: ApiFormProps<Values>) {
  return (
    <form
      className={className ?? styles.form}
      onSubmit={form.onSubmit}
      onFocus={form.prepare}
      onPointerEnter={form.prepare}
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
      {status !== undefined && <FormStatus>{status}</FormStatus>}
      <div className={styles.actions}>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        {actions}
      </div>
    </form>
  );
}
