import type { FormField } from '@comptoir/contract/form';
import type { AnswerValues } from './answer-form-data';

/** The control (or first box of a group) named `key` in the form. */
export function controlNamed(form: HTMLFormElement, key: string): HTMLElement | null {
  const item = form.elements.namedItem(key);
  if (item instanceof RadioNodeList) return (item[0] as HTMLElement | undefined) ?? null;
  return item instanceof HTMLElement ? item : null;
}

/**
 * A site form's answer read from its controls as it is sent: text as typed, a box as ticked or
 * not, the ticked options of a multiple choice, the chosen files.
 */
export function readAnswer(fields: readonly FormField[], form: HTMLFormElement): AnswerValues {
  const data = new FormData(form);
  const values: Record<string, AnswerValues[string]> = {};
  for (const field of fields) {
    const control = controlNamed(form, field.key);
    switch (field.type) {
      case 'FILE':
        values[field.key] = control instanceof HTMLInputElement ? control.files : null;
        break;
      case 'CHECKBOX':
        values[field.key] = control instanceof HTMLInputElement && control.checked;
        break;
      case 'SELECT':
        values[field.key] = field.multiple
          ? data.getAll(field.key).map(String)
          : String(data.get(field.key) ?? '');
        break;
      default:
        values[field.key] = String(data.get(field.key) ?? '');
    }
  }
  return values;
}
