import { FORM_INVALID_MESSAGE, submitFormAnswer, type Form } from '@comptoir/contract/form';
import type { FieldError } from '@comptoir/contract/envelope';
import { ApiError } from '@comptoir/contract/request';
import { failureMessage } from '../../ui/server-errors';
import { browserApi } from '../account/browser-api';
import { answerFormData, oversizedFiles, type AnswerValues } from './answer-form-data';

export type SubmissionOutcome =
  { sent: true } | { sent: false; fieldErrors: FieldError[]; message: string };

/**
 * Sends an answer as multipart to POST /forms/{id}/submit, refusing first the files over their
 * field's size. Loaded with the first submit: the page that shows the form does not carry the
 * contract's schemas.
 */
export async function submitAnswer(
  siteId: number,
  form: Form,
  answer: AnswerValues,
): Promise<SubmissionOutcome> {
  const tooLarge = oversizedFiles(form.fields, answer);
  if (tooLarge.length > 0) {
    return { sent: false, fieldErrors: tooLarge, message: FORM_INVALID_MESSAGE };
  }
  try {
    await browserApi(siteId).call(submitFormAnswer, {
      params: { id: form.id },
      body: answerFormData(form.fields, answer),
    });
    return { sent: true };
  } catch (error) {
    const keys = new Set(form.fields.map((field) => field.key));
    return {
      sent: false,
      fieldErrors:
        error instanceof ApiError ? error.errors.filter((item) => keys.has(item.key)) : [],
      message: failureMessage(error),
    };
  }
}
