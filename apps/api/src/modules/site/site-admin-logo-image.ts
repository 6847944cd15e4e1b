import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  LOGO_IMAGE_FIELD,
  LOGO_IMAGE_TYPE_MESSAGE,
  type LogoType,
} from '@comptoir/contract/admin-theme';
import { HttpError } from '../../http/http-error';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';

/** The raster formats a logo may arrive in, recognized from its bytes, never from its name. */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

/** Larger than any logo; refuses decompression bombs before they are decoded. */
const PIXEL_LIMIT = 50_000_000;
/** A logo is shown at most a few hundred pixels high: this keeps it sharp on dense screens. */
const LOGO_MAX_WIDTH = 1600;
const LOGO_MAX_HEIGHT = 800;
/** Browsers pick their favicon size from one square image; 512 px covers home-screen icons. */
const FAVICON_SIZE = 512;

export interface OptimizedLogo {
  content: Buffer;
  extension: 'webp' | 'png';
  mimeType: 'image/webp' | 'image/png';
}

function refused(message: string): HttpError {
  return new HttpError(422, INVALID_BODY_MESSAGE, [{ key: LOGO_IMAGE_FIELD, error: message }]);
}

/**
 * Checks an uploaded logo by its content and re-encodes it: turned upright, reduced to what the
 * storefront shows (never enlarged), stripped of its metadata; WebP for the logos, a square PNG
 * for the favicon, which every browser reads. Only the re-encoded pixels are stored.
 */
export async function optimizeLogo(type: LogoType, content: Buffer): Promise<OptimizedLogo> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) throw refused(LOGO_IMAGE_TYPE_MESSAGE);
  try {
    const image = sharp(content, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' }).rotate();
    if (type === 'LOGO_FAVICON') {
      const png = await image
        .resize(FAVICON_SIZE, FAVICON_SIZE, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
          withoutEnlargement: true,
        })
        .png({ compressionLevel: 9 })
        .toBuffer();
      return { content: png, extension: 'png', mimeType: 'image/png' };
    }
    const webp = await image
      .resize(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer();
    return { content: webp, extension: 'webp', mimeType: 'image/webp' };
  } catch {
    throw refused(LOGO_IMAGE_TYPE_MESSAGE);
  }
}
