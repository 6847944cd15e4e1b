import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import type { FieldError } from './envelope';

/*
 * Forms a site builds (docs/requirements/forms.md): GET /forms/{id} describes the fields, and the visitor's
 * answer goes to POST /forms/{id}/answer/validate (checks only) or POST /forms/{id}/submit (checks,
 * stores, mails the site), both as multipart/form-data: one part per field, named by its key, and
 * file fields as file parts. The server does every check (docs/requirements/forms.md: "Form and file validation are
 * done by the server"); the rules of the text fields live here, as pure functions, so that they
 * can be read and tested apart from the HTTP layer.
 */

export const FORM_FIELD_TYPES = [
  'TEXT',
  'EMAIL',
  'PHONE',
  'TEXTAREA',
  'NUMBER',
  'DATE',
  'SELECT',
  'CHECKBOX',
  'FILE',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * The file types a FILE field may accept. Each is recognised from the file's first bytes (its
 * "magic number"), never from its name or the type the browser claims; text formats such as SVG
 * or HTML have no such signature and are therefore never accepted. `inline` types are raster
 * images the API may show in a browser once an image decoder has read them whole.
 */
export const UPLOAD_TYPES = {
  'image/jpeg': { label: 'JPEG', extension: 'jpg', inline: true },
  'image/png': { label: 'PNG', extension: 'png', inline: true },
  'image/webp': { label: 'WebP', extension: 'webp', inline: true },
  'image/gif': { label: 'GIF', extension: 'gif', inline: true },
  'application/pdf': { label: 'PDF', extension: 'pdf', inline: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word (DOCX)',
    extension: 'docx',
    inline: false,
  },
  'application/vnd.oasis.opendocument.text': {
    label: 'OpenDocument (ODT)',
    extension: 'odt',
    inline: false,
  },
} as const satisfies Record<string, { label: string; extension: string; inline: boolean }>;
export type UploadMimeType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_MIME_TYPES = Object.keys(UPLOAD_TYPES) as [UploadMimeType, ...UploadMimeType[]];

export function isUploadMimeType(mime: string): mime is UploadMimeType {
  return Object.hasOwn(UPLOAD_TYPES, mime);
}

/** Size limit of a file field without maxSizeMb, and the largest one a form may set. */
export const DEFAULT_FILE_MAX_SIZE_MB = 5;
export const MAX_FILE_SIZE_MB = 10;
/** Longest text a field may allow, and the limits of fields that set none. */
export const MAX_TEXT_LENGTH = 10_000;
export const DEFAULT_MAX_LENGTH: Readonly<Record<'TEXT' | 'TEXTAREA' | 'EMAIL' | 'PHONE', number>> =
  { TEXT: 255, TEXTAREA: 5000, EMAIL: 254, PHONE: 30 };

export const formFieldOptionSchema = z.object({
  key: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(200),
});
export type FormFieldOption = z.infer<typeof formFieldOptionSchema>;

const LENGTH_TYPES: readonly FormFieldType[] = ['TEXT', 'TEXTAREA'];

/** One field of a form, as stored (jsonb) and as GET /forms/{id} returns it. */
export const formFieldSchema = z
  .object({
    /** The multipart part name: letters, digits and underscores, starting with a letter. */
    key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, {
      error: 'A field key is 1 to 50 letters, digits or underscores, starting with a letter.',
    }),
    label: z.string().trim().min(1).max(200),
    type: z.enum(FORM_FIELD_TYPES),
    required: z.boolean().default(false),
    placeholder: z.string().max(200).optional(),
    helpText: z.string().max(500).optional(),
    /** TEXT and TEXTAREA: bounds of the trimmed text, in characters. */
    minLength: z.number().int().min(1).max(MAX_TEXT_LENGTH).optional(),
    maxLength: z.number().int().min(1).max(MAX_TEXT_LENGTH).optional(),
    /** NUMBER: the smallest and largest accepted values. */
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    /** SELECT: the choices, answered by their key. */
    options: z.array(formFieldOptionSchema).min(1).max(100).optional(),
    /** SELECT: several choices may be ticked. */
    multiple: z.boolean().optional(),
    /** FILE: the accepted types (checked by content); every upload type when absent. */
    accept: z.array(z.enum(UPLOAD_MIME_TYPES)).min(1).optional(),
    /** FILE: the size limit in megabytes (DEFAULT_FILE_MAX_SIZE_MB when absent). */
    maxSizeMb: z.number().positive().max(MAX_FILE_SIZE_MB).optional(),
  })
  .superRefine((field, context) => {
    const problem = (message: string, path: string) =>
      context.addIssue({ code: 'custom', message, path: [path] });
    if (field.type === 'SELECT') {
      if (!field.options) problem('A SELECT field needs options.', 'options');
      else if (new Set(field.options.map((option) => option.key)).size !== field.options.length)
        problem('Option keys must be unique.', 'options');
    } else {
      if (field.options) problem('Only a SELECT field has options.', 'options');
      if (field.multiple !== undefined) problem('Only a SELECT field is multiple.', 'multiple');
    }
    if (field.type !== 'FILE') {
      if (field.accept) problem('Only a FILE field has accept.', 'accept');
      if (field.maxSizeMb !== undefined) problem('Only a FILE field has maxSizeMb.', 'maxSizeMb');
    }
    if (!LENGTH_TYPES.includes(field.type)) {
      if (field.minLength !== undefined) problem('Only text fields have minLength.', 'minLength');
      if (field.maxLength !== undefined) problem('Only text fields have maxLength.', 'maxLength');
    } else if (
      field.minLength !== undefined &&
      field.maxLength !== undefined &&
      field.minLength > field.maxLength
    ) {
      problem('minLength is above maxLength.', 'minLength');
    }
    if (field.type !== 'NUMBER') {
      if (field.min !== undefined) problem('Only a NUMBER field has min.', 'min');
      if (field.max !== undefined) problem('Only a NUMBER field has max.', 'max');
    } else if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      problem('min is above max.', 'min');
    }
  });
export type FormField = z.output<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

export const DEFAULT_SUBMIT_LABEL = 'Envoyer';
export const DEFAULT_SUCCESS_MESSAGE =
  'Merci ! Votre demande a bien été envoyée. Nous revenons vers vous très vite.';

export const formSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text shown above the fields. */
  description: z.string().nullable(),
  submitLabel: z.string(),
  /** Shown once an answer is stored. */
  successMessage: z.string(),
  fields: z.array(formFieldSchema),
});
export type Form = z.output<typeof formSchema>;

const formParamsSchema = z.object({ id: rowIdSchema });

/**
 * The text parts of an answer, documented for OpenAPI and typed for the client; the request is
 * multipart/form-data (the client sends a FormData), read by the API part by part.
 */
export const formAnswerPartsSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string())]),
);

export const getForm = defineEndpoint({
  method: 'GET',
  path: '/forms/:id',
  summary: 'One of the site’s forms with its fields (broken stored fields are left out)',
  tags: ['form'],
  params: formParamsSchema,
  response: formSchema,
});

export const validateFormAnswer = defineEndpoint({
  method: 'POST',
  path: '/forms/:id/answer/validate',
  summary:
    'Check an answer without storing it (multipart: one part per field key, files as file parts; 422 with key/error pairs)',
  tags: ['form'],
  params: formParamsSchema,
  body: formAnswerPartsSchema,
  response: z.null(),
});

export const submitFormAnswer = defineEndpoint({
  method: 'POST',
  path: '/forms/:id/submit',
  summary:
    'Check, store and mail an answer to the site (multipart like validate; files checked by content and size)',
  tags: ['form'],
  params: formParamsSchema,
  body: formAnswerPartsSchema,
  response: z.null(),
});

/*
 * Stored files (GET /file/{key}): the body is the file itself, not an envelope, so this is not a
 * contract endpoint the typed client could call; the API registers its route from this
 * description. ADMIN and SUPER_ADMIN of the file's site only.
 */
export const STORED_FILE_KEY_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;
export const storedFileRoute = {
  method: 'GET',
  path: '/file/:key',
  summary:
    'An uploaded file (ADMIN, SUPER_ADMIN of its site): checked raster images inline, anything else as an attachment',
  tags: ['file'],
  params: z.object({
    key: z.string().regex(STORED_FILE_KEY_PATTERN, { error: 'Expected a stored file key.' }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The rules, with the visitor-facing French messages.

export const FORM_NOT_FOUND_MESSAGE = 'Ce formulaire est introuvable.';
export const FORM_INVALID_MESSAGE = 'Certains champs du formulaire ne sont pas valides.';
export const FORM_MULTIPART_EXPECTED_MESSAGE =
  'Les réponses d’un formulaire s’envoient en multipart/form-data.';
export const REQUIRED_FIELD_MESSAGE = 'Ce champ est obligatoire.';
export const REQUIRED_CHECKBOX_MESSAGE = 'Cette case doit être cochée.';
export const INVALID_EMAIL_FIELD_MESSAGE = 'Adresse e-mail invalide.';
export const INVALID_PHONE_FIELD_MESSAGE = 'Numéro de téléphone invalide.';
export const INVALID_NUMBER_MESSAGE = 'Veuillez saisir un nombre.';
export const INVALID_DATE_MESSAGE = 'Veuillez saisir une date valide.';
export const UNKNOWN_OPTION_MESSAGE = 'Ce choix ne fait pas partie de la liste proposée.';
export const SINGLE_OPTION_MESSAGE = 'Un seul choix est possible.';
export const INVALID_CHECKBOX_MESSAGE = 'Valeur de case à cocher invalide.';
export const FILE_UNREADABLE_MESSAGE = 'Ce fichier est vide ou illisible.';

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });

export function tooShortMessage(minLength: number): string {
  return `Ce champ doit contenir au moins ${minLength} caractères.`;
}
export function tooLongMessage(maxLength: number): string {
  return `Ce champ ne doit pas dépasser ${maxLength} caractères.`;
}
export function numberTooSmallMessage(min: number): string {
  return `La valeur doit être supérieure ou égale à ${numberFormat.format(min)}.`;
}
export function numberTooLargeMessage(max: number): string {
  return `La valeur doit être inférieure ou égale à ${numberFormat.format(max)}.`;
}
/** "Formats acceptés : JPEG, PNG." */
export function acceptedTypesLabel(accept: readonly UploadMimeType[]): string {
  return accept.map((mime) => UPLOAD_TYPES[mime].label).join(', ');
}
export function fileTypeRefusedMessage(accept: readonly UploadMimeType[]): string {
  return `Ce type de fichier n’est pas accepté. Formats acceptés : ${acceptedTypesLabel(accept)}.`;
}
export function fileTooLargeMessage(maxSizeMb: number): string {
  return `Le fichier ne doit pas dépasser ${numberFormat.format(maxSizeMb)} Mo.`;
}
export function unknownPartMessage(name: string): string {
  return `Le champ « ${name} » ne fait pas partie de ce formulaire.`;
}
export function repeatedPartMessage(name: string): string {
  return `Le champ « ${name} » est envoyé plusieurs fois.`;
}

/** The accepted types of a FILE field (every upload type when it names none). */
export function fieldAccept(field: FormField): readonly UploadMimeType[] {
  return field.accept ?? UPLOAD_MIME_TYPES;
}
export function fieldMaxSizeMb(field: FormField): number {
  return field.maxSizeMb ?? DEFAULT_FILE_MAX_SIZE_MB;
}
export function fieldMaxBytes(field: FormField): number {
  return Math.floor(fieldMaxSizeMb(field) * 1024 * 1024);
}
export function fieldMaxLength(field: FormField): number | undefined {
  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      return field.maxLength ?? DEFAULT_MAX_LENGTH[field.type];
    case 'EMAIL':
    case 'PHONE':
      return DEFAULT_MAX_LENGTH[field.type];
    default:
      return undefined;
  }
}

/** A stored answer: text, a number, a boolean, or the keys of the ticked options. */
export type FormAnswerValue = string | number | boolean | string[];

const emailCheck = z.email();

/**
 * A French number (0 followed by 9 digits, or +33 / 0033 and 9 digits, with an optional "(0)")
 * or an international one in E.164 form (+ or 00, then 8 to 15 digits). Spaces, dots, dashes and
 * brackets are separators.
 */
export function isValidPhone(phone: string): boolean {
  if (!/^[+0-9 .\-()]+$/.test(phone)) return false;
  const compact = phone.replace(/\(0\)/g, '').replace(/[ .\-()]/g, '');
  if (/^0[1-9][0-9]{8}$/.test(compact)) return true;
  const international = compact.startsWith('+')
    ? compact.slice(1)
    : compact.startsWith('00')
      ? compact.slice(2)
      : null;
  if (international === null) return false;
  if (international.startsWith('33')) return /^33[1-9][0-9]{8}$/.test(international);
  return /^[1-9][0-9]{7,14}$/.test(international);
}

/** A calendar day written YYYY-MM-DD (what a date input sends), that exists. */
export function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2200 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** "12", "12.5" or the French "12,5". */
export function parseFormNumber(text: string): number | null {
  if (!/^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

const CHECKED_VALUES = new Set(['true', 'on', '1', 'yes']);
const UNCHECKED_VALUES = new Set(['false', 'off', '0', 'no', '']);

type Checked = { value: FormAnswerValue | null } | { error: string };

function checkText(field: FormField, text: string): Checked {
  const maxLength = fieldMaxLength(field);
  if (maxLength !== undefined && text.length > maxLength)
    return { error: tooLongMessage(maxLength) };
  switch (field.type) {
    case 'TEXT':
    case 'TEXTAREA':
      if (field.minLength !== undefined && text.length < field.minLength)
        return { error: tooShortMessage(field.minLength) };
      return { value: text };
    case 'EMAIL':
      return emailCheck.safeParse(text).success
        ? { value: text }
        : { error: INVALID_EMAIL_FIELD_MESSAGE };
    case 'PHONE':
      return isValidPhone(text) ? { value: text } : { error: INVALID_PHONE_FIELD_MESSAGE };
    case 'DATE':
      return isValidDate(text) ? { value: text } : { error: INVALID_DATE_MESSAGE };
    case 'NUMBER': {
      const value = parseFormNumber(text);
      if (value === null) return { error: INVALID_NUMBER_MESSAGE };
      if (field.min !== undefined && value < field.min)
        return { error: numberTooSmallMessage(field.min) };
      if (field.max !== undefined && value > field.max)
        return { error: numberTooLargeMessage(field.max) };
      return { value };
    }
    default:
      return { value: text };
  }
}

function checkField(field: FormField, received: readonly string[]): Checked {
  if (field.type === 'CHECKBOX') {
    if (received.length > 1) return { error: INVALID_CHECKBOX_MESSAGE };
    const raw = (received[0] ?? '').trim().toLowerCase();
    if (!CHECKED_VALUES.has(raw) && !UNCHECKED_VALUES.has(raw))
      return { error: INVALID_CHECKBOX_MESSAGE };
    const checked = CHECKED_VALUES.has(raw);
    if (field.required && !checked) return { error: REQUIRED_CHECKBOX_MESSAGE };
    return { value: checked };
  }

  if (field.type === 'SELECT') {
    const keys = received.map((value) => value.trim()).filter((value) => value !== '');
    if (keys.length === 0)
      return field.required ? { error: REQUIRED_FIELD_MESSAGE } : { value: null };
    const known = new Set((field.options ?? []).map((option) => option.key));
    if (keys.some((key) => !known.has(key))) return { error: UNKNOWN_OPTION_MESSAGE };
    if (!field.multiple) {
      return keys.length === 1 ? { value: keys[0]! } : { error: SINGLE_OPTION_MESSAGE };
    }
    return { value: [...new Set(keys)] };
  }

  // One value for every other field; the caller refuses repeated parts before this.
  const text = (received[0] ?? '').replace(/\r\n?/g, '\n').trim();
  if (text === '') return field.required ? { error: REQUIRED_FIELD_MESSAGE } : { value: null };
  return checkText(field, text);
}

/**
 * Checks the text parts of an answer against the form's fields (every field but FILE), in the
 * form's order. `parts` maps a field key to the values received for it (several for a multiple
 * select). Fields left empty and optional are absent from `answers`.
 */
export function checkFormAnswer(
  fields: readonly FormField[],
  parts: ReadonlyMap<string, readonly string[]>,
): { answers: Record<string, FormAnswerValue>; errors: FieldError[] } {
  const answers: Record<string, FormAnswerValue> = {};
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (field.type === 'FILE') continue;
    const checked = checkField(field, parts.get(field.key) ?? []);
    if ('error' in checked) errors.push({ key: field.key, error: checked.error });
    else if (checked.value !== null) answers[field.key] = checked.value;
  }
  return { answers, errors };
}
