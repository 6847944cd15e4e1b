import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  addToCartPartsSchema,
  CART_MULTIPART_EXPECTED_MESSAGE,
  CUSTOMIZATION_FILE_MAX_BYTES,
  CUSTOMIZATION_FILE_MISSING_MESSAGE,
  CUSTOMIZATION_FILE_TOO_LARGE_MESSAGE,
  CUSTOMIZATION_FILE_TYPE_MESSAGE,
  CUSTOMIZATION_FILE_TYPES,
  CUSTOMIZATION_INVALID_MESSAGE,
  type CustomizationAnswerInput,
} from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  checkFormAnswer,
  formFieldSchema,
  UPLOAD_TYPES,
  type FormField,
  type UploadMimeType,
} from '@comptoir/contract/form';
import { addToCartErrorText } from '@comptoir/domain/cart';
import {
  answerGap,
  answerGapMessage,
  countCharacters,
  inputPartGiven,
} from '@comptoir/domain/customization-cost';
import { HttpError } from '../../http/http-error';
import { multipartReadError, refuseNulInPart } from '../../http/input-guard';
import type { NewCartAnswer } from './cart-repository';
import { asDomainAnswer, type RuleWithValues } from './cart-steps';

/*
 * What a visitor answers to a product's customizations, from the request to the answers a line
 * keeps (decision 0105: the add-to-cart parts, the files and the answers' checks are one flow):
 * reading the multipart parts, checking an uploaded file, and the cart's step "check the
 * answers" (tested through the routes in cart-customization.test.ts and cart.test.ts).
 */

/** A received file, its type found from its bytes (never from its name or declared type). */
export interface CheckedFile {
  filename: string;
  content: Buffer;
  mimeType: UploadMimeType;
  extension: string;
}

const ADD_TO_CART_INVALID_MESSAGE = 'La demande d’ajout au panier n’est pas valide.';

/** At most this many files in one add-to-cart: more than any product has FILE customizations. */
const MAX_FILES = 10;
const TEXT_PART_MAX_BYTES = 64 * 1024;

/** Checks a file by content and size; the error names what is wrong in French. */
export async function checkCustomizationFile(
  filename: string,
  content: Buffer,
): Promise<CheckedFile | { error: string }> {
  if (content.length === 0) return { error: CUSTOMIZATION_FILE_MISSING_MESSAGE };
  if (content.length > CUSTOMIZATION_FILE_MAX_BYTES) {
    return { error: CUSTOMIZATION_FILE_TOO_LARGE_MESSAGE };
  }
  const detected = await fileTypeFromBuffer(content);
  const mimeType = CUSTOMIZATION_FILE_TYPES.find((type) => type === detected?.mime);
  if (!mimeType) return { error: CUSTOMIZATION_FILE_TYPE_MESSAGE };
  const known = UPLOAD_TYPES[mimeType as UploadMimeType];
  return {
    filename,
    content,
    mimeType: mimeType as UploadMimeType,
    extension: known.extension,
  };
}

export interface AddToCartParts {
  quantity: number;
  answers: CustomizationAnswerInput[];
  /** Files by the name they were sent with (the FILE answer's filename). */
  files: Map<string, Buffer>;
}

/** Reads a multipart body's parts; anything else than the named ones is a malformed request. */
async function* readParts(
  request: FastifyRequest,
  allowed: ReadonlySet<string>,
  fileFields: ReadonlySet<string>,
) {
  if (!request.isMultipart()) throw new HttpError(415, CART_MULTIPART_EXPECTED_MESSAGE);
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit tells an oversized file from one exactly at it.
        fileSize: CUSTOMIZATION_FILE_MAX_BYTES + 1,
        files: MAX_FILES,
        fields: 10,
        fieldSize: TEXT_PART_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      refuseNulInPart(part);
      const expected = part.type === 'file' ? fileFields : allowed;
      if (!expected.has(part.fieldname)) {
        if (part.type === 'file') part.file.resume();
        // price, total, siteId, discount…: the request names no money, it is refused whole.
        throw new HttpError(
          400,
          `La partie « ${part.fieldname.slice(0, 50)} » n’est pas attendue.`,
        );
      }
      yield part;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(400, 'La requête envoie trop de parties.');
    }
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new HttpError(400, 'Le contenu envoyé n’est pas un formulaire valide.');
    }
    throw multipartReadError(error);
  }
}

/**
 * The stream's bytes, or null as soon as they exceed `maxBytes` (the rest is not kept). A body
 * cut short while a file is read is the client's malformed request (400), not a server error.
 */
async function readWithin(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  try {
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      else chunks.push(chunk);
    }
  } catch (error) {
    throw multipartReadError(error);
  }
  return tooLarge ? null : Buffer.concat(chunks);
}

/** Add to cart (docs/requirements/cart.md): type, quantity, customizations (JSON) and the files. */
export async function readAddToCartParts(request: FastifyRequest): Promise<AddToCartParts> {
  const texts: Record<string, string> = {};
  const files = new Map<string, Buffer>();
  for await (const part of readParts(
    request,
    new Set(['type', 'quantity', 'customizations']),
    new Set(['files']),
  )) {
    if (part.type === 'file') {
      const content = await readWithin(part.file, CUSTOMIZATION_FILE_MAX_BYTES);
      if (content === null) {
        const errors = [{ key: 'files', error: CUSTOMIZATION_FILE_TOO_LARGE_MESSAGE }];
        throw new HttpError(422, addToCartErrorText(CUSTOMIZATION_INVALID_MESSAGE, errors), errors);
      }
      if (files.has(part.filename)) {
        throw new HttpError(400, 'Deux fichiers envoyés portent le même nom.');
      }
      files.set(part.filename, content);
      continue;
    }
    if (part.fieldname in texts) {
      throw new HttpError(400, `La partie « ${part.fieldname} » est envoyée deux fois.`);
    }
    texts[part.fieldname] = String(part.value);
  }

  let customizations: unknown = [];
  if (texts.customizations !== undefined && texts.customizations.trim() !== '') {
    try {
      customizations = JSON.parse(texts.customizations);
    } catch {
      throw new HttpError(400, 'Les personnalisations envoyées ne sont pas du JSON valide.');
    }
  }
  const parsed = addToCartPartsSchema.safeParse({
    type: texts.type,
    quantity: texts.quantity ?? '',
    customizations,
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, 20).map((issue) => ({
      key: issue.path.join('.') || 'body',
      error: issue.message,
    }));
    throw new HttpError(422, addToCartErrorText(ADD_TO_CART_INVALID_MESSAGE, errors), errors);
  }
  return {
    quantity: Number(parsed.data.quantity.trim() || Number.NaN),
    answers: parsed.data.customizations,
    files,
  };
}

/** The validate endpoint's one `file` part. */
export async function readValidatedFilePart(
  request: FastifyRequest,
): Promise<{ filename: string; content: Buffer | null }> {
  let received: { filename: string; content: Buffer | null } | null = null;
  for await (const part of readParts(request, new Set(), new Set(['file']))) {
    if (part.type !== 'file') continue;
    if (received) {
      part.file.resume();
      throw new HttpError(400, 'Un seul fichier est attendu.');
    }
    received = {
      filename: part.filename,
      content: await readWithin(part.file, CUSTOMIZATION_FILE_MAX_BYTES),
    };
  }
  if (!received) throw new HttpError(422, CUSTOMIZATION_FILE_MISSING_MESSAGE);
  return received;
}

// ---------------------------------------------------------------------------------------------
// Check the answers
// ---------------------------------------------------------------------------------------------

/**
 * Checks a visitor's answers against the product's customizations and keeps only what each
 * input type reads; the stored select label is the catalogue's, never the request's.
 * `files` is null when only pricing (a FILE answer then just needs a name).
 * `errors` are answers that cannot be read; `gaps` are answers that are missing or only half
 * given (decision 0081): an add refuses both, pricing a draft only the first.
 */
export async function checkAnswers(
  rules: readonly RuleWithValues[],
  answers: readonly CustomizationAnswerInput[],
  files: Map<string, Buffer> | null,
  formFields: ReadonlyMap<number, FormField[]> = new Map(),
): Promise<{
  answers: (NewCartAnswer & { file?: CheckedFile })[];
  errors: FieldError[];
  gaps: FieldError[];
}> {
  const errors: FieldError[] = [];
  const gaps: FieldError[] = [];
  const kept: (NewCartAnswer & { file?: CheckedFile })[] = [];
  const seen = new Set<number>();
  const usedFiles = new Set<string>();
  for (const answer of answers) {
    const key = `customizations.${answer.customizationId}`;
    const rule = rules.find((candidate) => candidate.id === answer.customizationId);
    if (!rule) {
      errors.push({ key, error: 'Cette personnalisation n’existe pas pour ce produit.' });
      continue;
    }
    if (seen.has(rule.id)) {
      errors.push({ key, error: 'Cette personnalisation reçoit deux réponses.' });
      continue;
    }
    seen.add(rule.id);
    const base: NewCartAnswer & { file?: CheckedFile } = { customizationId: rule.id };
    switch (rule.inputType) {
      case 'TEXT': {
        const text = answer.textValue?.trim() ?? '';
        if (rule.maxLength !== null && countCharacters(text) > rule.maxLength) {
          errors.push({ key, error: `Le texte ne peut dépasser ${rule.maxLength} caractères.` });
          continue;
        }
        if (text !== '') base.textValue = text;
        break;
      }
      case 'SELECT': {
        if (!answer.selectValue) break;
        const option = rule.values.find((value) => value.selectKey === answer.selectValue?.key);
        if (!option) {
          errors.push({ key, error: 'Ce choix n’est pas proposé.' });
          continue;
        }
        base.selectKey = option.selectKey;
        base.selectValue = option.label;
        break;
      }
      case 'CHECKBOX':
        if (answer.checkboxValue === true) base.checkboxValue = true;
        break;
      case 'FILE': {
        if (!answer.filename) break;
        if (files === null) {
          base.filename = answer.filename;
          break;
        }
        const content = files.get(answer.filename);
        if (!content) {
          errors.push({ key, error: 'Le fichier de cette personnalisation n’a pas été envoyé.' });
          continue;
        }
        usedFiles.add(answer.filename);
        const checked = await checkCustomizationFile(answer.filename, content);
        if ('error' in checked) {
          errors.push({ key, error: checked.error });
          continue;
        }
        base.filename = answer.filename.slice(0, 255);
        base.file = checked;
        break;
      }
    }
    // The fee is the input part's: an answer without it is kept only when it says nothing else.
    const gap = answerGap(rule, { ...asDomainAnswer(base), formAnswer: answer.formAnswer });
    if (gap) {
      gaps.push({ key, error: answerGapMessage(gap, rule) });
      continue;
    }
    // Adding checks the form's fields, required ones too, of an answer that gives its input
    // part; pricing a draft keeps what the form answers so far.
    const formGiven = Object.keys(answer.formAnswer ?? {}).length > 0;
    const inputGiven = inputPartGiven(rule.inputType, asDomainAnswer(base));
    if (rule.type === 'DYNAMIC_FORM' && (formGiven || (files !== null && inputGiven))) {
      const fields = formFields.get(rule.formId ?? 0) ?? [];
      const checked = checkDynamicForm(fields, answer.formAnswer ?? {});
      if (files !== null && checked.errors.length > 0) {
        errors.push(
          ...checked.errors.map((error) => ({ key: `${key}.${error.key}`, error: error.error })),
        );
        continue;
      }
      if (Object.keys(checked.answers).length > 0) base.formAnswer = checked.answers;
    }
    kept.push(base);
  }
  for (const rule of rules) {
    if (rule.isRequired && !seen.has(rule.id)) {
      gaps.push({ key: `customizations.${rule.id}`, error: answerGapMessage('REQUIRED', rule) });
    }
  }
  if (files !== null) {
    for (const name of files.keys()) {
      if (!usedFiles.has(name)) {
        errors.push({
          key: 'files',
          error: 'Un fichier envoyé ne répond à aucune personnalisation.',
        });
      }
    }
  }
  return { answers: kept, errors, gaps };
}

/**
 * A DYNAMIC_FORM answer against its form's fields, with the form's own rules (checkFormAnswer):
 * a key the form does not have is refused; FILE fields are not asked in the cart.
 */
function checkDynamicForm(fields: readonly FormField[], formAnswer: Record<string, unknown>) {
  const askable = fields.filter((field) => field.type !== 'FILE');
  const known = new Set(askable.map((field) => field.key));
  const parts = new Map<string, string[]>();
  const errors: FieldError[] = [];
  for (const [fieldKey, value] of Object.entries(formAnswer)) {
    if (!known.has(fieldKey)) {
      errors.push({
        key: fieldKey.slice(0, 50),
        error: 'Ce champ n’existe pas dans le formulaire.',
      });
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    parts.set(
      fieldKey,
      values
        .filter((item) => ['string', 'number', 'boolean'].includes(typeof item))
        .map((item) => String(item)),
    );
  }
  const checked = checkFormAnswer(askable, parts);
  return { answers: checked.answers, errors: [...errors, ...checked.errors] };
}

/** The usable fields of the forms the customizations ask (a broken stored field is left out). */
export function parseFormFields(rows: readonly { id: number; fields: unknown[] }[]) {
  return new Map(
    rows.map((row) => [
      row.id,
      row.fields.flatMap((candidate) => {
        const parsed = formFieldSchema.safeParse(candidate);
        return parsed.success ? [parsed.data] : [];
      }),
    ]),
  );
}

/** The 422 of answers that cannot be kept, every pair told. */
export function invalidAnswers(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(CUSTOMIZATION_INVALID_MESSAGE, errors), errors);
}
