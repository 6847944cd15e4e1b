import type { FastifyRequest } from 'fastify';
import {
  FORM_INVALID_MESSAGE,
  FORM_MULTIPART_EXPECTED_MESSAGE,
  MAX_TEXT_LENGTH,
  fieldMaxBytes,
  fieldMaxSizeMb,
  fileTooLargeMessage,
  repeatedPartMessage,
  unknownPartMessage,
  type FormField,
} from '@comptoir/contract/form';
import { HttpError } from '../../http/http-error';
import { multipartReadError, refuseNulInPart } from '../../http/input-guard';

/** A file part as received: its bytes are checked by content later, never trusted by name. */
export interface ReceivedFile {
  filename: string;
  content: Buffer;
}

/** The parts of an answer: text values by field key (several for a multiple select), files. */
export interface ReceivedAnswer {
  texts: Map<string, string[]>;
  files: Map<string, ReceivedFile>;
}

/** A text part may hold MAX_TEXT_LENGTH characters of up to 4 bytes each; longer is cut short. */
const TEXT_PART_MAX_BYTES = MAX_TEXT_LENGTH * 4 + 16;

/**
 * Reads a multipart answer part by part against the form's fields. Structural mistakes — a part
 * no field has, a file sent for a text field, a field sent twice — are a malformed request (400).
 * A file over its field's limit stops the reading at once (422 on that field): its bytes are
 * never kept beyond the limit.
 */
export async function readAnswerParts(
  request: FastifyRequest,
  fields: readonly FormField[],
): Promise<ReceivedAnswer> {
  if (!request.isMultipart()) throw new HttpError(415, FORM_MULTIPART_EXPECTED_MESSAGE);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const fileFields = fields.filter((field) => field.type === 'FILE');
  const textParts = fields.reduce(
    (total, field) =>
      total +
      (field.type === 'FILE' ? 0 : field.type === 'SELECT' ? (field.options?.length ?? 1) : 1),
    0,
  );
  const texts = new Map<string, string[]>();
  const files = new Map<string, ReceivedFile>();

  try {
    const parts = request.parts({
      // One byte over the largest file limit tells an oversized file from one exactly at it.
      limits: {
        fileSize: Math.max(0, ...fileFields.map(fieldMaxBytes)) + 1,
        files: fileFields.length,
        // Room for the empty text part some clients send for an empty file input.
        fields: textParts + fileFields.length,
        parts: textParts + 2 * fileFields.length,
        fieldSize: TEXT_PART_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      refuseNulInPart(part);
      const field = byKey.get(part.fieldname);
      if (!field) {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(400, unknownPartMessage(part.fieldname));
      }
      if (part.type === 'file') {
        if (field.type !== 'FILE') {
          part.file.resume();
          throw new HttpError(400, unknownPartMessage(part.fieldname));
        }
        if (files.has(field.key)) {
          part.file.resume();
          throw new HttpError(400, repeatedPartMessage(field.key));
        }
        const content = await readWithin(part.file, fieldMaxBytes(field));
        if (content === null) {
          throw new HttpError(422, FORM_INVALID_MESSAGE, [
            { key: field.key, error: fileTooLargeMessage(fieldMaxSizeMb(field)) },
          ]);
        }
        // A file input left empty still sends a part, without name nor bytes: no file given.
        if (part.filename === '' && content.length === 0) continue;
        files.set(field.key, { filename: part.filename, content });
        continue;
      }
      if (field.type === 'FILE') {
        // Some clients send an empty text part for an empty file input: no file given.
        if (typeof part.value === 'string' && part.value === '') continue;
        throw new HttpError(400, unknownPartMessage(part.fieldname));
      }
      const values = texts.get(field.key) ?? [];
      // A select may get several values; one that takes a single value says so on its field.
      const repeatable = field.type === 'SELECT';
      if (values.length > 0 && !repeatable)
        throw new HttpError(400, repeatedPartMessage(field.key));
      values.push(typeof part.value === 'string' ? part.value : String(part.value));
      texts.set(field.key, values);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(400, 'Le formulaire envoie plus de champs ou de fichiers qu’il n’en a.');
    }
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new HttpError(400, 'Le contenu envoyé n’est pas un formulaire valide.');
    }
    throw multipartReadError(error);
  }
  return { texts, files };
}

/** The stream's bytes, or null as soon as they exceed `maxBytes` (the rest is not read). */
async function readWithin(stream: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
