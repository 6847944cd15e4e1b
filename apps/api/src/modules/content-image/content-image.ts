import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { CONTENT_IMAGE_FIELD, CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_MISSING_MESSAGE, CONTENT_IMAGE_TOO_LARGE_MESSAGE, CONTENT_IMAGE_TYPE_MESSAGE, contentImageFileRoute, contentImageKeyOf, contentImageUrl, uploadContentImage, type ContentImage } from '@comptoir/contract/admin-editorial';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import type { Db } from '../../db/client';
import { contentImages } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { readImageUpload } from '../../http/image-upload';
import { registerEndpoint } from '../../http/register-endpoint';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { isStorageUnavailable, type FileStorage } from '../../plugins/storage';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';

/** The raster formats accepted, recognized from the bytes, never from the name. */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);
/** Refuses decompression bombs before they are decoded. */
const PIXEL_LIMIT = 60_000_000;
/** Wide enough for a full-screen slide on a dense screen; a camera's 6000 px would only cost bytes. */
const MAX_SIDE = 2400;
const CONTENT_IMAGE_NOT_FOUND_MESSAGE = 'Cette image est introuvable.';

function refused(message: string): HttpError {
  return new HttpError(422, INVALID_BODY_MESSAGE, [{ key: CONTENT_IMAGE_FIELD, error: message }]);
}

/**
 * Checks an uploaded picture by its content and re-encodes it as WebP: turned upright, reduced to
 * 2400 px on its longer side (never enlarged), its metadata (GPS position of a phone photo) gone.
 */
export async function optimizeContentImage(
  content: Buffer,
): Promise<{ content: Buffer; width: number; height: number }> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) throw refused(CONTENT_IMAGE_TYPE_MESSAGE);
  try {
    const { data, info } = await sharp(content, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height };
  } catch {
    throw refused(CONTENT_IMAGE_TYPE_MESSAGE);
  }
}

/** The uploaded pictures of public content: stored files known by a row of their site. */
export function createContentImages(db: Db, storage: FileStorage) {
  return {
    /** Stores a checked picture; the caller may record it in its own transaction afterwards. */
    async store(siteId: number, upload: Buffer): Promise<ContentImage & { key: string }> {
      const optimized = await optimizeContentImage(upload);
      const key = await storage.save(optimized.content, 'webp');
      try {
        await db.insert(contentImages).values({
          siteId,
          storageKey: key,
          mimeType: 'image/webp',
          width: optimized.width,
          height: optimized.height,
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      return {
        key,
        url: contentImageUrl(siteId, key),
        width: optimized.width,
        height: optimized.height,
      };
    },

    /** Removes an uploaded picture by its address; any other address is left alone. */
    async removeByUrl(siteId: number, url: string | null): Promise<void> {
      const key = contentImageKeyOf(siteId, url);
      if (!key) return;
      await db
        .delete(contentImages)
        .where(and(eq(contentImages.siteId, siteId), eq(contentImages.storageKey, key)));
      await storage.delete(key);
    },

    async read(siteId: number, key: string): Promise<Buffer> {
      const [row] = await db
        .select({ key: contentImages.storageKey })
        .from(contentImages)
        .where(and(eq(contentImages.siteId, siteId), eq(contentImages.storageKey, key)));
      if (!row) throw new HttpError(404, CONTENT_IMAGE_NOT_FOUND_MESSAGE);
      try {
        return await storage.read(row.key, { shown: true });
      } catch (error) {
        // S3 down and no copy in memory: 503, never a 404 a cache would keep.
        if (isStorageUnavailable(error)) throw error;
        throw new HttpError(404, CONTENT_IMAGE_NOT_FOUND_MESSAGE, undefined, { cause: error });
      }
    },
  };
}
export type ContentImages = ReturnType<typeof createContentImages>;

/** Reads the one picture of an upload request (10 MB at most, checked while streaming). */
export async function readContentImageUpload(request: FastifyRequest): Promise<Buffer> {
  const { image } = await readImageUpload(request, {
    imageField: CONTENT_IMAGE_FIELD,
    textFields: [],
    maxBytes: CONTENT_IMAGE_MAX_BYTES,
    notMultipartMessage: "L'image s'envoie en multipart/form-data.",
    tooLargeMessage: CONTENT_IMAGE_TOO_LARGE_MESSAGE,
    tooManyMessage: 'Envoyez une seule image par envoi.',
  });
  if (!image || image.content.length === 0) throw refused(CONTENT_IMAGE_MISSING_MESSAGE);
  return image.content;
}

/**
 * Registers the multipart parser in a child scope of `scope` and the routes `register` adds there;
 * the handlers read the stream themselves.
 */
export async function withMultipart(
  scope: FastifyInstance,
  register: (uploads: FastifyInstance) => void,
): Promise<void> {
  await scope.register(async (uploads) => {
    await uploads.register(fastifyMultipart);
    register(uploads);
  });
}

export function registerContentImageRoutes(app: FastifyInstance, images: ContentImages): void {
  // Public: articles, news and albums show these pictures. The key is random and never reused,
  // so a browser and a shared cache may keep the image for a year.
  app.route({
    method: contentImageFileRoute.method,
    url: contentImageFileRoute.path,
    config: { withoutSite: true },
    schema: {
      summary: contentImageFileRoute.summary,
      tags: [...contentImageFileRoute.tags],
      params: contentImageFileRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { siteId, key } = contentImageFileRoute.params.parse(request.params);
      const content = await images.read(siteId, key);
      return reply
        .headers({
          'content-type': 'image/webp',
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(content);
    },
  });

  // An upload alone changes nothing a visitor sees until an article or a news item uses it, so it
  // is neither journaled nor revalidated here; the write that uses it is.
  registerAdminScope(app, async (scope) => {
    await withMultipart(scope, (uploads) => {
      registerEndpoint(uploads, uploadContentImage, async ({ request }) => {
        await adminActor(request);
        const { key: _key, ...image } = await images.store(
          request.site.id,
          await readContentImageUpload(request),
        );
        return image;
      });
    });
  });
}
