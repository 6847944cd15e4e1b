import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  CATALOGUE_IMAGE_FIELD,
  CATALOGUE_IMAGE_TYPE_MESSAGE,
} from '@comptoir/contract/admin-catalogue';
import { HttpError } from '../../http/http-error';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';

const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);
/** Refuses decompression bombs before they are decoded. */
const PIXEL_LIMIT = 60_000_000;
/** A bottle is shown at most ~600 px wide on a product page: 1600 keeps it sharp on dense screens. */
const MAX_SIDE = 1600;

function refused(): HttpError {
  return new HttpError(422, INVALID_BODY_MESSAGE, [
    { key: CATALOGUE_IMAGE_FIELD, error: CATALOGUE_IMAGE_TYPE_MESSAGE },
  ]);
}

/**
 * Checks an uploaded product picture by its bytes and re-encodes it as WebP: turned upright,
 * reduced to 1600 px on its longer side (never enlarged), metadata (GPS of a phone photo)
 * dropped. Only the re-encoded bytes are stored; the storefront's image optimizer sizes them.
 */
export async function optimizeCatalogueImage(content: Buffer): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) throw refused();
  try {
    return await sharp(content, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refused();
  }
}
