import type {
  AdminForm,
  FormBuilderField,
  FormDefinitionInput,
} from '@comptoir/contract/admin-forms';
import {
  DEFAULT_SUBMIT_LABEL,
  DEFAULT_SUCCESS_MESSAGE,
  UPLOAD_MIME_TYPES,
  type FormField,
  type FormFieldOption,
  type FormFieldType,
  type UploadMimeType,
} from '@comptoir/contract/form';
import { slugify } from '@comptoir/domain/slug';

/*
 * The builder's values as its controls hold them (numbers as typed text, the choices one per
 * line) and their conversion to the contract's form definition, which the same schema then
 * checks in the browser and in the API.
 */

export interface BuilderField {
  /** Part name of the answers: kept for the life of the field, so old answers still read. */
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  helpText: string;
  placeholder: string;
  maxLength: string;
  min: string;
  max: string;
  /** SELECT: one choice per line. */
  choices: string;
  /** SELECT: the saved choices, whose keys a choice keeps while its label stays. */
  savedOptions: FormFieldOption[];
  multiple: boolean;
  accept: UploadMimeType[];
  maxSizeMb: string;
}

export interface BuilderValues {
  title: string;
  description: string;
  submitLabel: string;
  successMessage: string;
  notifyEmail: string;
  fields: BuilderField[];
}

const numberText = (value: number | undefined) =>
  value === undefined ? '' : String(value).replace('.', ',');

export function builderField(field: FormField): BuilderField {
  return {
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    helpText: field.helpText ?? '',
    placeholder: field.placeholder ?? '',
    maxLength: numberText(field.maxLength),
    min: numberText(field.min),
    max: numberText(field.max),
    choices: (field.options ?? []).map((option) => option.label).join('\n'),
    savedOptions: field.options ?? [],
    multiple: field.multiple ?? false,
    accept: [...(field.accept ?? UPLOAD_MIME_TYPES)],
    maxSizeMb: numberText(field.maxSizeMb),
  };
}

export function initialBuilderValues(form: AdminForm | null): BuilderValues {
  return {
    title: form?.title ?? '',
    description: form?.description ?? '',
    submitLabel: form?.submitLabel ?? DEFAULT_SUBMIT_LABEL,
    successMessage: form?.successMessage ?? DEFAULT_SUCCESS_MESSAGE,
    notifyEmail: form?.notifyEmail ?? '',
    fields: (form?.fields ?? []).map(builderField),
  };
}

/** A new field's key: champ_1, champ_2… the first number no field of the form uses. */
export function newFieldKey(fields: readonly Pick<BuilderField, 'key'>[]): string {
  const taken = new Set(fields.map((field) => field.key));
  let number = fields.length + 1;
  while (taken.has(`champ_${number}`)) number += 1;
  return `champ_${number}`;
}

export function newBuilderField(fields: readonly Pick<BuilderField, 'key'>[]): BuilderField {
  return builderField({ key: newFieldKey(fields), label: '', type: 'TEXT', required: false });
}

/**
 * The choices typed one per line, with their keys: a choice whose label was already saved keeps
 * its key (the answers store keys), a new one gets a key made from its label.
 */
export function optionsFromChoices(
  choices: string,
  saved: readonly FormFieldOption[],
): FormFieldOption[] {
  const labels = choices
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const savedKeyOf = new Map(
    saved.map((option) => [option.label.toLocaleLowerCase('fr'), option.key]),
  );
  const kept = labels.map((label) => savedKeyOf.get(label.toLocaleLowerCase('fr')));
  const taken = new Set([...saved.map((option) => option.key), ...kept.filter(Boolean)]);
  return labels.map((label, index) => {
    const key = kept[index];
    if (key) return { key, label };
    const base = slugify(label).slice(0, 90) || 'choix';
    let candidate = base;
    for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${base}-${suffix}`;
    taken.add(candidate);
    return { key: candidate, label };
  });
}

/** "12", "2,5" → a number; empty → undefined; anything else → NaN, which the schema refuses. */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

function contractField(field: BuilderField): FormBuilderField {
  return {
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    helpText: field.helpText,
    placeholder: field.placeholder,
    maxLength: typedNumber(field.maxLength),
    min: typedNumber(field.min),
    max: typedNumber(field.max),
    options:
      field.type === 'SELECT' ? optionsFromChoices(field.choices, field.savedOptions) : undefined,
    multiple: field.multiple,
    accept: field.accept,
    maxSizeMb: typedNumber(field.maxSizeMb),
  };
}

export function toFormDefinition(values: BuilderValues): FormDefinitionInput {
  return {
    title: values.title,
    description: values.description,
    submitLabel: values.submitLabel,
    successMessage: values.successMessage,
    notifyEmail: values.notifyEmail,
    fields: values.fields.map(contractField),
  };
}

/** The builder's control named by a path of the contract's errors (fields.0.options → choices). */
export function builderPath(path: readonly PropertyKey[]): string {
  const names = path.map(String);
  if (names[0] === 'fields' && names[2] === 'options') return `fields.${names[1]}.choices`;
  if (names[0] === 'fields' && names.length === 1) return 'fields.root';
  return names.join('.');
}
