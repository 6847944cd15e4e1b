'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Form, FormField } from '@comptoir/contract/form';
import type { FieldError } from '@comptoir/contract/envelope';
import { useFormErrors, useFormErrorsStore } from '../../lib/stores/form-errors';
import { CheckboxField } from '../../ui/checkbox-field';
import { FormStatus } from '../../ui/form-status';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { TextareaField } from '../../ui/textarea-field';
import { UNREACHABLE_MESSAGE } from '../../ui/server-errors';
import { notifyError, notifySuccess } from '../../ui/toaster';
import uiStyles from '../../ui/forms.module.css';
import type { FieldRegistration } from '../../ui/use-api-form';
import { FileField, OptionsField, SelectField } from './form-fields';
import { controlNamed, readAnswer } from './read-answer';
import styles from './forms.module.css';

/** The sending code (and the contract it needs), fetched when the visitor reaches the form. */
const loadSubmission = () => void import('./form-submission');

const noRef = () => undefined;

/** What the toast says; the form's own success message shows in place of the form. */
const SENT_TOAST = 'Votre réponse a bien été envoyée.';

const INPUT_TYPES = {
  TEXT: 'text',
  EMAIL: 'email',
  PHONE: 'tel',
  NUMBER: 'number',
  DATE: 'date',
} as const;

/** Browsers fill in the visitor's details when the field says what it asks for. */
function autoComplete(field: FormField): string | undefined {
  if (field.type === 'EMAIL') return 'email';
  if (field.type === 'PHONE') return 'tel';
  const byKey: Record<string, string> = {
    firstname: 'given-name',
    lastname: 'family-name',
    name: 'name',
    city: 'address-level2',
    postalCode: 'postal-code',
  };
  return byKey[field.key];
}

/**
 * What the contract's rules say of one field, worked out by the server component (form-block)
 * so that the page does not carry the contract's schemas: the longest text, the accepted files.
 */
export interface FieldRules {
  maxLength?: number;
  /** The file picker's `accept`, and the hint that lists the formats and the size limit. */
  accept?: string;
  fileHint?: string;
}

/**
 * A site's form, filled in the browser and sent as multipart to POST /forms/{id}/submit. The
 * server checks every field; its errors come back as key/error pairs, kept per form in the
 * form-errors store and shown next to their fields, the first of them taking the focus.
 */
export function FormView({
  form,
  rules,
  siteId,
  labelledBy,
}: {
  form: Form;
  /** Per field key. */
  rules: Readonly<Record<string, FieldRules>>;
  siteId: number;
  /** The id of the heading that names the form. */
  labelledBy: string;
}) {
  const errors = useFormErrors(form.id);
  const [sent, setSent] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ key: string } | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The focus moves once the errors are on the page, so that the field is read with its error.
  useEffect(() => {
    if (focusRequest && formRef.current) controlNamed(formRef.current, focusRequest.key)?.focus();
  }, [focusRequest]);

  const errorOf = (key: string) => errors.find((error) => error.key === key)?.error;

  function showErrors(fieldErrors: readonly FieldError[]) {
    useFormErrorsStore.getState().setErrors(form.id, fieldErrors);
    const first = form.fields.find((field) => fieldErrors.some((error) => error.key === field.key));
    if (first) setFocusRequest({ key: first.key });
  }

  // The page's controls hold the answer: it is read from them when sent (no form library).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const element = event.currentTarget;
    setSubmitting(true);
    try {
      const { submitAnswer } = await import('./form-submission');
      const outcome = await submitAnswer(siteId, form, readAnswer(form.fields, element));
      if (outcome.sent) {
        useFormErrorsStore.getState().clearForm(form.id);
        element.reset();
        setSent(true);
        notifySuccess(SENT_TOAST);
        return;
      }
      showErrors(outcome.fieldErrors);
      notifyError(outcome.message);
    } catch {
      // The sending code could not be loaded (offline).
      notifyError(UNREACHABLE_MESSAGE);
    } finally {
      setSubmitting(false);
    }
  };

  function registration(field: FormField): FieldRegistration {
    return {
      name: field.key,
      ref: noRef,
      onChange: () => useFormErrorsStore.getState().clearField(form.id, field.key),
      onBlur: noRef,
    };
  }

  function renderField(field: FormField) {
    const common = {
      label: field.label,
      registration: registration(field),
      error: errorOf(field.key),
      hint: field.helpText,
      optional: !field.required,
    };
    switch (field.type) {
      case 'TEXTAREA':
        return (
          <TextareaField
            {...common}
            rows={6}
            placeholder={field.placeholder}
            minLength={field.minLength}
            maxLength={rules[field.key]?.maxLength}
          />
        );
      case 'SELECT':
        return field.multiple ? (
          <OptionsField {...common} options={field.options ?? []} />
        ) : (
          <SelectField {...common} options={field.options ?? []} placeholder={field.placeholder} />
        );
      case 'CHECKBOX':
        return <CheckboxField {...common} required={field.required} />;
      case 'FILE':
        return (
          <FileField
            {...common}
            hint={rules[field.key]?.fileHint}
            accept={rules[field.key]?.accept ?? ''}
          />
        );
      default:
        return (
          <TextField
            {...common}
            type={INPUT_TYPES[field.type]}
            autoComplete={autoComplete(field)}
            placeholder={field.placeholder}
            maxLength={rules[field.key]?.maxLength}
            minLength={field.minLength}
            min={field.min}
            max={field.max}
            step={field.type === 'NUMBER' ? 'any' : undefined}
            inputMode={field.type === 'EMAIL' ? 'email' : undefined}
            spellCheck={field.type === 'EMAIL' ? false : undefined}
          />
        );
    }
  }

  return (
    <div className={styles.panel}>
      <FormStatus>{sent ? form.successMessage : null}</FormStatus>
      {sent ? (
        <p className={styles.again}>
          <button type="button" className={styles.linkButton} onClick={() => setSent(false)}>
            Envoyer une autre réponse
          </button>
        </p>
      ) : (
        <form
          ref={formRef}
          className={uiStyles.form}
          onSubmit={onSubmit}
          onFocus={loadSubmission}
          onPointerEnter={loadSubmission}
          noValidate
          aria-labelledby={labelledBy}
        >
          {form.fields.some((field) => field.required) &&
          form.fields.some((field) => !field.required) ? (
            <p className={uiStyles.requiredNote}>
              Tous les champs sont obligatoires, sauf ceux marqués « facultatif ».
            </p>
          ) : null}
          {form.fields.map((field) => (
            <div key={field.key} className={styles.field} data-field-type={field.type}>
              {renderField(field)}
            </div>
          ))}
          <div className={uiStyles.actions}>
            <SubmitButton pending={isSubmitting}>{form.submitLabel}</SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
