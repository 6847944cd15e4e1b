import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  FORM_FIELD_TYPES,
  MAX_FILE_SIZE_MB,
  MAX_TEXT_LENGTH,
  UPLOAD_MIME_TYPES,
  formFieldSchema,
  type FormField,
  type FormFieldType,
} from './form';
import { rowIdSchema } from './ids';
import { listPageSchema, pagingQuerySchema } from './list-query';

/*
 * The back office's form answers: the site's forms with their answer counts, one form's answers
 * with their files (downloaded through GET /file/{key}), and a CSV export for Excel.
 */

export const FORM_ANSWERS_PAGE_SIZE = 20;

/** A page of the site whose blocks show a form. */
export const formPlacementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
});
export type FormPlacement = z.infer<typeof formPlacementSchema>;

export const formWithAnswersSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fieldCount: z.number().int().min(0),
  answerCount: z.number().int().min(0),
  lastAnswerAt: z.string().nullable(),
  /** The pages that show it in a form block. */
  pages: z.array(formPlacementSchema),
});
export type FormWithAnswers = z.infer<typeof formWithAnswersSchema>;

export const listFormsWithAnswers = defineEndpoint({
  method: 'GET',
  path: '/admin/form',
  summary: "The site's forms with how many answers each has received (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  response: z.array(formWithAnswersSchema),
});

export const answerFileSchema = z.object({
  /** The stored file's key, for GET /file/{key}. */
  key: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

export const formAnswerSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** One entry per field of the form, in its order: the answer as text (empty when none). */
  values: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  /** The files of each FILE field. */
  files: z.array(answerFileSchema.extend({ fieldKey: z.string(), fieldLabel: z.string() })),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

const formParams = z.object({ id: rowIdSchema });

export const listFormAnswers = defineEndpoint({
  method: 'GET',
  path: '/admin/form/:id/answer',
  summary: "One form's answers, newest first, paged, with their files (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: formParams,
  query: pagingQuerySchema,
  response: listPageSchema(formAnswerSchema).extend({
    form: z.object({ id: z.number().int(), title: z.string() }),
  }),
});

/**
 * GET /admin/form/{id}/answer/csv: the body is the CSV file itself (UTF-8 with a byte-order mark
 * and `;` separators, as French Excel opens it), not an envelope; the API registers its route
 * from this description.
 */
export const formAnswersCsvRoute = {
  method: 'GET',
  path: '/admin/form/:id/answer/csv',
  summary:
    "All of one form's answers as a CSV file for Excel: UTF-8 with BOM, `;` separated (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: formParams,
} as const;

// ---------------------------------------------------------------------------------------------
// The form builder: the owner creates, edits and deletes the site's forms.

/** French names of the field types, in the order the builder offers them. */
export const FORM_FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  TEXT: 'Texte court',
  TEXTAREA: 'Texte long',
  EMAIL: 'Adresse e-mail',
  PHONE: 'Téléphone',
  NUMBER: 'Nombre',
  DATE: 'Date',
  SELECT: 'Liste de choix',
  CHECKBOX: 'Case à cocher',
  FILE: 'Fichier joint',
};

/** The most fields one form may have: past that, a visitor gives up. */
export const MAX_FORM_FIELDS = 50;
/** One file per FILE field: what the API reads for each (form-upload.ts). */
export const FILES_PER_FILE_FIELD = 1;

export const FORM_TITLE_MESSAGE = 'Donnez un titre au formulaire (200 caractères au plus).';
export const FORM_FIELD_LABEL_MESSAGE = 'Donnez un libellé au champ (200 caractères au plus).';
export const FORM_OPTIONS_MESSAGE = 'Une liste de choix propose au moins un choix (100 au plus).';
export const FORM_OPTION_LABEL_MESSAGE = 'Chaque choix a un libellé de 200 caractères au plus.';
export const FORM_OPTIONS_DUPLICATE_MESSAGE = 'Deux choix portent le même libellé.';
export const FORM_ACCEPT_MESSAGE = 'Cochez au moins un format de fichier accepté.';
export const FORM_MAX_SIZE_MESSAGE = `La taille maximale d’un fichier est comprise entre 0,1 et ${MAX_FILE_SIZE_MB} Mo.`;
export const FORM_MAX_LENGTH_MESSAGE = `La longueur maximale est un nombre entier de 1 à ${MAX_TEXT_LENGTH.toLocaleString('fr-FR')}.`;
export const FORM_MIN_MAX_MESSAGE = 'La valeur minimale dépasse la valeur maximale.';
export const FORM_FIELDS_MESSAGE = `Un formulaire a au plus ${MAX_FORM_FIELDS} champs.`;
export const FORM_FIELD_KEYS_MESSAGE = 'Deux champs portent la même clé.';
export const FORM_SUBMIT_LABEL_MESSAGE =
  'Donnez un libellé au bouton d’envoi (60 caractères au plus).';
export const FORM_SUCCESS_MESSAGE_MESSAGE =
  'Écrivez le message affiché après l’envoi (1 000 caractères au plus).';
export const FORM_NOTIFY_EMAIL_MESSAGE = 'Adresse e-mail invalide.';
export const FORM_IN_USE_MESSAGE =
  'Ce formulaire est encore affiché sur une page ou demandé par un produit : retirez-le d’abord.';

const optionalText = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .max(max, { error })
    .optional()
    .transform((text) => (text ? text : undefined));

const optionalNumber = z.number({ error: 'Saisissez un nombre.' }).optional();

/**
 * One field as the builder sends it. Checked with French messages, then reduced to the
 * properties its type uses (a field turned from a list into text loses its choices) and checked
 * again with the stored field's own schema, so that what is saved always reads on the storefront.
 */
export const formBuilderFieldSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, {
      error: 'Clé de champ invalide : 1 à 50 lettres, chiffres ou _, en commençant par une lettre.',
    }),
    label: z
      .string({ error: FORM_FIELD_LABEL_MESSAGE })
      .trim()
      .min(1, { error: FORM_FIELD_LABEL_MESSAGE })
      .max(200, { error: FORM_FIELD_LABEL_MESSAGE }),
    type: z.enum(FORM_FIELD_TYPES, { error: 'Choisissez un type de champ.' }),
    required: z.boolean(),
    placeholder: optionalText(200, 'Le texte d’exemple a 200 caractères au plus.'),
    helpText: optionalText(500, 'L’aide a 500 caractères au plus.'),
    maxLength: z
      .number({ error: FORM_MAX_LENGTH_MESSAGE })
      .int({ error: FORM_MAX_LENGTH_MESSAGE })
      .min(1, { error: FORM_MAX_LENGTH_MESSAGE })
      .max(MAX_TEXT_LENGTH, { error: FORM_MAX_LENGTH_MESSAGE })
      .optional(),
    min: optionalNumber,
    max: optionalNumber,
    options: z
      .array(
        z.object({
          key: z.string().trim().min(1).max(100),
          label: z
            .string({ error: FORM_OPTION_LABEL_MESSAGE })
            .trim()
            .min(1, { error: FORM_OPTION_LABEL_MESSAGE })
            .max(200, { error: FORM_OPTION_LABEL_MESSAGE }),
        }),
        { error: FORM_OPTIONS_MESSAGE },
      )
      .max(100, { error: FORM_OPTIONS_MESSAGE })
      .optional(),
    multiple: z.boolean().optional(),
    accept: z.array(z.enum(UPLOAD_MIME_TYPES), { error: FORM_ACCEPT_MESSAGE }).optional(),
    maxSizeMb: z
      .number({ error: FORM_MAX_SIZE_MESSAGE })
      .min(0.1, { error: FORM_MAX_SIZE_MESSAGE })
      .max(MAX_FILE_SIZE_MB, { error: FORM_MAX_SIZE_MESSAGE })
      .optional(),
  })
  .superRefine((field, context) => {
    const problem = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] });
    if (field.type === 'SELECT') {
      const labels = (field.options ?? []).map((option) => option.label.toLocaleLowerCase('fr'));
      if (labels.length === 0) problem(FORM_OPTIONS_MESSAGE, 'options');
      else if (new Set(labels).size !== labels.length)
        problem(FORM_OPTIONS_DUPLICATE_MESSAGE, 'options');
      else if (new Set(field.options!.map((option) => option.key)).size !== labels.length)
        problem(FORM_OPTIONS_DUPLICATE_MESSAGE, 'options');
    }
    if (field.type === 'FILE' && field.accept !== undefined && field.accept.length === 0)
      problem(FORM_ACCEPT_MESSAGE, 'accept');
    if (field.type === 'NUMBER' && field.min !== undefined && field.max !== undefined) {
      if (field.min > field.max) problem(FORM_MIN_MAX_MESSAGE, 'min');
    }
  })
  .transform((field, context): FormField => {
    const stored = formFieldSchema.safeParse(storedField(field));
    if (stored.success) return stored.data;
    for (const issue of stored.error.issues) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
export type FormBuilderField = z.input<typeof formBuilderFieldSchema>;

/** The properties a field of this type uses; the others are dropped. */
function storedField(field: {
  key: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  placeholder?: string | undefined;
  helpText?: string | undefined;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  options?: { key: string; label: string }[] | undefined;
  multiple?: boolean | undefined;
  accept?: (typeof UPLOAD_MIME_TYPES)[number][] | undefined;
  maxSizeMb?: number | undefined;
}): FormField {
  const common: FormField = {
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
  };
  if (field.helpText) common.helpText = field.helpText;
  const typed = (): Partial<FormField> => {
    switch (field.type) {
      case 'TEXT':
      case 'TEXTAREA':
        return { placeholder: field.placeholder, maxLength: field.maxLength };
      case 'EMAIL':
      case 'PHONE':
        return { placeholder: field.placeholder };
      case 'NUMBER':
        return { placeholder: field.placeholder, min: field.min, max: field.max };
      case 'SELECT':
        return { options: field.options, multiple: field.multiple ?? false };
      case 'FILE':
        return {
          // Every type accepted is stored as "no restriction", which new upload types then join.
          accept:
            field.accept && field.accept.length < UPLOAD_MIME_TYPES.length
              ? field.accept
              : undefined,
          maxSizeMb: field.maxSizeMb,
        };
      default:
        return {};
    }
  };
  for (const [name, value] of Object.entries(typed())) {
    if (value !== undefined) (common as Record<string, unknown>)[name] = value;
  }
  return common;
}

/** A form as the builder edits it (POST /admin/form, PUT /admin/form/{id}). */
export const formDefinitionSchema = z.object({
  title: z
    .string({ error: FORM_TITLE_MESSAGE })
    .trim()
    .min(1, { error: FORM_TITLE_MESSAGE })
    .max(200, { error: FORM_TITLE_MESSAGE }),
  description: z
    .string({ error: 'L’introduction a 2 000 caractères au plus.' })
    .trim()
    .max(2000, { error: 'L’introduction a 2 000 caractères au plus.' })
    .nullable()
    .transform((text) => text || null),
  submitLabel: z
    .string({ error: FORM_SUBMIT_LABEL_MESSAGE })
    .trim()
    .min(1, { error: FORM_SUBMIT_LABEL_MESSAGE })
    .max(60, { error: FORM_SUBMIT_LABEL_MESSAGE }),
  successMessage: z
    .string({ error: FORM_SUCCESS_MESSAGE_MESSAGE })
    .trim()
    .min(1, { error: FORM_SUCCESS_MESSAGE_MESSAGE })
    .max(1000, { error: FORM_SUCCESS_MESSAGE_MESSAGE }),
  /** Where the answers are mailed; the site's COMPANY_EMAIL when null. */
  notifyEmail: z
    .string({ error: FORM_NOTIFY_EMAIL_MESSAGE })
    .trim()
    .max(254, { error: FORM_NOTIFY_EMAIL_MESSAGE })
    .refine((email) => email === '' || z.email().safeParse(email).success, {
      error: FORM_NOTIFY_EMAIL_MESSAGE,
    })
    .transform((email) => email || null)
    .nullable(),
  fields: z
    .array(formBuilderFieldSchema, { error: FORM_FIELDS_MESSAGE })
    .max(MAX_FORM_FIELDS, { error: FORM_FIELDS_MESSAGE })
    .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, {
      error: FORM_FIELD_KEYS_MESSAGE,
    }),
});
export type FormDefinitionInput = z.input<typeof formDefinitionSchema>;
export type FormDefinition = z.output<typeof formDefinitionSchema>;

export const adminFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  submitLabel: z.string(),
  successMessage: z.string(),
  notifyEmail: z.string().nullable(),
  /** The stored fields that read as fields (a broken one is left out, as on the storefront). */
  fields: z.array(formFieldSchema),
  answerCount: z.number().int().min(0),
  pages: z.array(formPlacementSchema),
});
export type AdminForm = z.output<typeof adminFormSchema>;

export const getAdminForm = defineEndpoint({
  method: 'GET',
  path: '/admin/form/:id',
  summary:
    'One form as the builder edits it, with its answer count and the pages showing it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: formParams,
  response: adminFormSchema,
});

export const createForm = defineEndpoint({
  method: 'POST',
  path: '/admin/form',
  summary: 'Create a form (ADMIN, SUPER_ADMIN); shown on a page through a form block',
  tags: ['admin'],
  body: formDefinitionSchema,
  response: adminFormSchema,
});

export const updateForm = defineEndpoint({
  method: 'PUT',
  path: '/admin/form/:id',
  summary:
    'Replace a form’s title, texts and fields, in order (ADMIN, SUPER_ADMIN); answers already received keep their values',
  tags: ['admin'],
  params: formParams,
  body: formDefinitionSchema,
  response: adminFormSchema,
});

export const deleteForm = defineEndpoint({
  method: 'DELETE',
  path: '/admin/form/:id',
  summary:
    'Delete a form and its answers (ADMIN, SUPER_ADMIN); 409 while a page or a product still uses it',
  tags: ['admin'],
  params: formParams,
  response: z.object({ id: z.number().int() }),
});
