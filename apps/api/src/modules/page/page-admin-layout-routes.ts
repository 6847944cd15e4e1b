import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  checkLayoutHash,
  layoutPreviewFieldsSchema,
  PREVIEW_HTML_FIELD,
  PREVIEW_IMAGE_FIELD,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_IMAGE_MISSING_MESSAGE,
  PREVIEW_IMAGE_TOO_LARGE_MESSAGE,
  uploadLayoutPreview,
} from '@comptoir/contract/admin';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { HttpError } from '../../http/http-error';
import { multipartReadError, refuseNulInPart } from '../../http/input-guard';
import { registerEndpoint } from '../../http/register-endpoint';
import { adminActor } from '../audit';
import { registerAdminScope } from '../user';
import type { AdminLayoutsService } from './page-admin-layout-service';

const MULTIPART_EXPECTED_MESSAGE =
  "L'aperçu s'envoie en multipart/form-data, avec l'image et le HTML de la mise en page.";

/** Largest HTML field accepted with a preview, the same bound as the contract's. */
const HTML_FIELD_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Reads the upload: the image into memory (5 MB at most, enforced while streaming) and the html
 * field; anything else in the form is refused rather than silently ignored.
 */
async function readPreviewUpload(
  request: FastifyRequest,
): Promise<{ html: unknown; image: Buffer | null }> {
  if (!request.isMultipart()) throw new HttpError(415, MULTIPART_EXPECTED_MESSAGE);
  let html: unknown;
  let image: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: PREVIEW_IMAGE_MAX_BYTES,
        files: 1,
        fields: 1,
        parts: 2,
        fieldSize: HTML_FIELD_MAX_BYTES,
      },
    });
    for await (const part of parts) {
      refuseNulInPart(part);
      if (part.type === 'file' && part.fieldname === PREVIEW_IMAGE_FIELD) {
        image = await part.toBuffer();
      } else if (part.type === 'field' && part.fieldname === PREVIEW_HTML_FIELD) {
        html = part.value;
      } else {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(422, INVALID_BODY_MESSAGE, [
          { key: part.fieldname, error: `Champ inattendu : ${part.fieldname}.` },
        ]);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, PREVIEW_IMAGE_TOO_LARGE_MESSAGE, [
        { key: PREVIEW_IMAGE_FIELD, error: PREVIEW_IMAGE_TOO_LARGE_MESSAGE },
      ]);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new HttpError(422, INVALID_BODY_MESSAGE, [
        { key: 'request', error: 'Envoyez une seule image et un seul champ html.' },
      ]);
    }
    throw multipartReadError(error);
  }
  return { html, image };
}

/** The back office's previews of a page's layouts: is the preview up to date, and its upload. */
export function registerAdminLayoutsRoutes(
  app: FastifyInstance,
  service: AdminLayoutsService,
): void {
  registerAdminScope(app, async (admin) => {
    registerEndpoint(admin, checkLayoutHash, async ({ request, params, body }) =>
      service.checkHash(
        { siteId: request.site.id, pageId: params.idPage, layoutId: params.idLayout },
        body.html,
      ),
    );

    // Multipart stays in this scope; the handler reads the stream itself, so the contract's field
    // schema is applied to the parsed fields below instead of by Fastify's body validation.
    await admin.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      registerEndpoint(
        uploads,
        { ...uploadLayoutPreview, body: undefined },
        async ({ request, params }) => {
          const ref = { siteId: request.site.id, pageId: params.idPage, layoutId: params.idLayout };
          await service.requirePage(ref);
          const upload = await readPreviewUpload(request);
          const fields = layoutPreviewFieldsSchema.safeParse({ html: upload.html });
          if (!fields.success) {
            throw new HttpError(
              422,
              INVALID_BODY_MESSAGE,
              fields.error.issues.map((issue) => ({
                key: issue.path.join('.') || PREVIEW_HTML_FIELD,
                error: issue.message,
              })),
            );
          }
          if (!upload.image) {
            throw new HttpError(422, PREVIEW_IMAGE_MISSING_MESSAGE, [
              { key: PREVIEW_IMAGE_FIELD, error: PREVIEW_IMAGE_MISSING_MESSAGE },
            ]);
          }
          return service.savePreview(
            ref,
            fields.data.html,
            upload.image,
            await adminActor(request),
          );
        },
      );
    });
  });
}
