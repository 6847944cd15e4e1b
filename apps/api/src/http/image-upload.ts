import type { FastifyRequest } from 'fastify';
import { INVALID_BODY_MESSAGE } from '../plugins/errors';
import { HttpError } from './http-error';
import { multipartReadError, refuseNulInPart } from './input-guard';

const TEXT_FIELD_MAX_BYTES = 4 * 1024;

export interface ImageUploadOptions {
  /** The multipart field of the file. */
  imageField: string;
  /** The text fields that may come with it. */
  textFields: readonly string[];
  maxBytes: number;
  notMultipartMessage: string;
  tooLargeMessage: string;
  tooManyMessage: string;
}

export interface ImageUpload {
  fields: Record<string, unknown>;
  image: { filename: string; content: Buffer } | null;
}

/**
 * Reads an upload of one image and a few text fields (a logo and its alt, a content picture):
 * the size limit is enforced while streaming, any other part is refused with 422.
 */
export async function readImageUpload(
  request: FastifyRequest,
  options: ImageUploadOptions,
): Promise<ImageUpload> {
  if (!request.isMultipart()) throw new HttpError(415, options.notMultipartMessage);
  const fields: Record<string, unknown> = {};
  let image: ImageUpload['image'] = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: 1,
        fields: options.textFields.length,
        parts: options.textFields.length + 1,
        fieldSize: TEXT_FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      refuseNulInPart(part);
      if (part.type === 'file' && part.fieldname === options.imageField) {
        image = { filename: part.filename, content: await part.toBuffer() };
      } else if (part.type === 'field' && options.textFields.includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      } else {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(422, INVALID_BODY_MESSAGE, [
          { key: part.fieldname, error: `Champ inattendu : ${part.fieldname.slice(0, 50)}.` },
        ]);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, options.tooLargeMessage, [
        { key: options.imageField, error: options.tooLargeMessage },
      ]);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(422, INVALID_BODY_MESSAGE, [
        { key: 'request', error: options.tooManyMessage },
      ]);
    }
    throw multipartReadError(error);
  }
  return { fields, image };
}
