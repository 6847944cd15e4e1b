import type { FieldError } from '@comptoir/contract/envelope';
import {
  fieldMaxBytes,
  fieldMaxSizeMb,
  fileTooLargeMessage,
  type FormField,
} from '@comptoir/contract/form';

/** A form's values as read from its controls (read-answer.ts): text, a box, options, files. */
export type AnswerValue = string | boolean | readonly string[] | ArrayLike<File> | null | undefined;
export type AnswerValues = Readonly<Record<string, AnswerValue>>;

function chosenFile(value: AnswerValue): File | null {
  if (value === null || value === undefined || typeof value !== 'object') return null;
  const first = (value as ArrayLike<File>)[0];
  return first instanceof File ? first : null;
}

/**
 * The multipart body the API reads (docs/requirements/forms.md): one part per field key, the options of a multiple
 * select as repeated parts, a ticked box as `true` (an unticked one sends nothing), and a chosen
 * file as a file part with its name.
 */
export function answerFormData(fields: readonly FormField[], values: AnswerValues): FormData {
  const data = new FormData();
  for (const field of fields) {
    const value = values[field.key];
    switch (field.type) {
      case 'FILE': {
        const file = chosenFile(value);
        if (file) data.append(field.key, file, file.name);
        break;
      }
      case 'CHECKBOX':
        if (value === true) data.append(field.key, 'true');
        break;
      case 'SELECT':
        if (Array.isArray(value)) for (const key of value) data.append(field.key, String(key));
        else if (typeof value === 'string') data.append(field.key, value);
        break;
      default:
        data.append(field.key, typeof value === 'string' ? value : '');
    }
  }
  return data;
}

/**
 * Files over their field's limit, found before anything is sent: the visitor hears it at once
 * instead of after uploading megabytes the server would refuse (the server checks it again).
 */
export function oversizedFiles(fields: readonly FormField[], values: AnswerValues): FieldError[] {
  return fields.flatMap((field) => {
    if (field.type !== 'FILE') return [];
    const file = chosenFile(values[field.key]);
    return file && file.size > fieldMaxBytes(field)
      ? [{ key: field.key, error: fileTooLargeMessage(fieldMaxSizeMb(field)) }]
      : [];
  });
}
