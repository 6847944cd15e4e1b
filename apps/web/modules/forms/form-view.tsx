'use client';

import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@comptoir/contract/client';
import {
  FORM_INVALID_MESSAGE,
  acceptedTypesLabel,
  fieldAccept,
  fieldMaxLength,
  fieldMaxSizeMb,
  submitFormAnswer,
  type Form,
  type FormField,
} from '@comptoir/contract/form';
import type { FieldError } from '@comptoir/contract/envelope';
import { useFormErrors, useFormErrorsStore } from '../../lib/stores/form-errors';
import { FormStatus } from '../../ui/form-status';
import { failureMessage } from '../../ui/server-errors';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { notifyError, notifySuccess } from '../../ui/toaster';
import uiStyles from '../../ui/forms.module.css';
import { browserApi } from '../account/browser-api';
import { answerFormData, oversizedFiles, type AnswerValues } from './answer-form-data';
import { BoxField, FileField, OptionsField, SelectField, TextareaField } from './form-fields';
import styles from './forms.module.css';

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

function defaultValues(fields: readonly FormField[]): AnswerValues {
  return Object.fromEntries(
    fields
      .filter((field) => field.type !== 'FILE')
      .map((field) => [
        field.key,
        field.type === 'CHECKBOX' ? false : field.type === 'SELECT' && field.multiple ? [] : '',
      ]),
  );
}

function fileHint(field: FormField): string {
  const limits = `Formats acceptés : ${acceptedTypesLabel(fieldAccept(field))} ; ${fieldMaxSizeMb(field).toLocaleString('fr-FR')} Mo au plus.`;
  return field.helpText ? `${field.helpText} ${limits}` : limits;
}

/**
 * A site's form, filled in the browser and sent as multipart to POST /forms/{id}/submit. The
 * server checks every field; its errors come back as key/error pairs, kept per form in the
 * form-errors store and shown next to their fields, the first of them taking the focus.
 */
export function FormView({
  form,
  siteId,
  labelledBy,
}: {
  form: Form;
  siteId: number;
  /** The id of the heading that names the form. */
  labelledBy: string;
}) {
  const errors = useFormErrors(form.id);
  const [sent, setSent] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ key: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { isSubmitting },
  } = useForm<Record<string, unknown>>({ defaultValues: defaultValues(form.fields) });

  // The focus moves once the errors are on the page, so that the field is read with its error.
  useEffect(() => {
    if (focusRequest) setFocus(focusRequest.key);
  }, [focusRequest, setFocus]);

  const errorOf = (key: string) => errors.find((error) => error.key === key)?.error;

  function showErrors(fieldErrors: readonly FieldError[]) {
    useFormErrorsStore.getState().setErrors(form.id, fieldErrors);
    const first = form.fields.find((field) => fieldErrors.some((error) => error.key === field.key));
    if (first) setFocusRequest({ key: first.key });
  }

  const onSubmit = handleSubmit(async (values) => {
    const answer = values as AnswerValues;
    const tooLarge = oversizedFiles(form.fields, answer);
    if (tooLarge.length > 0) {
      showErrors(tooLarge);
      notifyError(FORM_INVALID_MESSAGE);
      return;
    }
    try {
      await browserApi(siteId).call(submitFormAnswer, {
        params: { id: form.id },
        body: answerFormData(form.fields, answer),
      });
      useFormErrorsStore.getState().clearForm(form.id);
      reset();
      setSent(true);
      notifySuccess(SENT_TOAST);
    } catch (error) {
      const keys = new Set(form.fields.map((field) => field.key));
      showErrors(
        error instanceof ApiError ? error.errors.filter((item) => keys.has(item.key)) : [],
      );
      notifyError(failureMessage(error));
    }
  });

  function registration(field: FormField) {
    return register(field.key, {
      onChange: () => useFormErrorsStore.getState().clearField(form.id, field.key),
    });
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
            maxLength={fieldMaxLength(field)}
          />
        );
      case 'SELECT':
        return field.multiple ? (
          <OptionsField {...common} options={field.options ?? []} />
        ) : (
          <SelectField {...common} options={field.options ?? []} placeholder={field.placeholder} />
        );
      case 'CHECKBOX':
        return <BoxField {...common} />;
      case 'FILE':
        return (
          <FileField {...common} hint={fileHint(field)} accept={fieldAccept(field).join(',')} />
        );
      default:
        return (
          <TextField
            {...common}
            type={INPUT_TYPES[field.type]}
            autoComplete={autoComplete(field)}
            placeholder={field.placeholder}
            maxLength={fieldMaxLength(field)}
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
        <form className={uiStyles.form} onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
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
