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
import { UPLOAD_TYPES, type UploadMimeType } from '@comptoir/contract/form';
import { addToCartErrorText } from '@comptoir/domain/add-to-cart';
import { HttpError } from '../../http/http-error';
import { multipartReadError, refuseNulInPart } from '../../http/input-guard';

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
