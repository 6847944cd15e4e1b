import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applyCatalogueImport, bulkEditDeclinations, CATALOGUE_IMAGE_FIELD, CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_MISSING_MESSAGE, CATALOGUE_IMAGE_TOO_LARGE_MESSAGE, catalogueImageRoute, createProduct, deleteProduct, exportCatalogue, getAdminProduct, getLowStock, listAdminProducts, previewCatalogueImport, updateProduct, uploadCatalogueImage } from '@comptoir/contract/admin-catalogue';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { HttpError } from '../../http/http-error';
import { multipartReadError, refuseNulInPart } from '../../http/input-guard';
import { registerEndpoint } from '../../http/register-endpoint';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminCatalogueService } from './product-admin-service';

function missingImage(message: string, status = 422): HttpError {
  return new HttpError(status, status === 422 ? INVALID_BODY_MESSAGE : message, [
    { key: CATALOGUE_IMAGE_FIELD, error: message },
  ]);
}

/** Reads the one image of a multipart upload (8 MB at most, enforced while streaming). */
async function readImageUpload(
  request: FastifyRequest,
): Promise<{ filename: string; content: Buffer }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, "L'image s'envoie en multipart/form-data (champ image).");
  }
  let image: { filename: string; content: Buffer } | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: CATALOGUE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    for await (const part of parts) {
      refuseNulInPart(part);
      if (part.type === 'file' && part.fieldname === CATALOGUE_IMAGE_FIELD) {
        image = { filename: part.filename, content: await part.toBuffer() };
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
      throw missingImage(CATALOGUE_IMAGE_TOO_LARGE_MESSAGE, 413);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw missingImage('Envoyez une seule image.');
    }
    throw multipartReadError(error);
  }
  if (!image || image.content.length === 0) throw missingImage(CATALOGUE_IMAGE_MISSING_MESSAGE);
  return image;
}

export function registerAdminCatalogueRoutes(
  app: FastifyInstance,
  service: AdminCatalogueService,
): void {
  // Public: the storefront shows the pictures a product, declination or award uses. The key is
  // random and never reused, so browsers and shared caches may keep the bytes for a year.
  app.route({
    method: catalogueImageRoute.method,
    url: catalogueImageRoute.path,
    config: { withoutSite: true },
    schema: {
      summary: catalogueImageRoute.summary,
      tags: [...catalogueImageRoute.tags],
      params: catalogueImageRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { siteId, key } = catalogueImageRoute.params.parse(request.params);
      const content = await service.imageFile(siteId, key);
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

  registerAdminScope(app, async (scope) => {
    registerEndpoint(scope, listAdminProducts, ({ request }) => service.list(request.site.id));
    registerEndpoint(scope, getLowStock, ({ request, query }) =>
      service.lowStock(request.site.id, query.threshold),
    );
    registerEndpoint(scope, getAdminProduct, ({ request, params }) =>
      service.get(request.site.id, params.id),
    );
    registerEndpoint(scope, createProduct, async ({ request, body }) =>
      service.create(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, updateProduct, async ({ request, params, body }) =>
      service.update(request.site.id, await adminActor(request), params.id, body),
    );
    registerEndpoint(scope, deleteProduct, async ({ request, params }) =>
      service.remove(request.site.id, await adminActor(request), params.id),
    );
    registerEndpoint(scope, bulkEditDeclinations, async ({ request, body }) =>
      service.bulkEdit(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, exportCatalogue, ({ request }) => service.exportCsv(request.site.id));
    registerEndpoint(scope, previewCatalogueImport, ({ request, body }) =>
      service.previewImport(request.site.id, body.csv),
    );
    registerEndpoint(scope, applyCatalogueImport, async ({ request, body }) =>
      service.applyImport(request.site.id, await adminActor(request), body.csv),
    );

    await scope.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      registerEndpoint(
        uploads,
        { ...uploadCatalogueImage, body: undefined },
        async ({ request }) => {
          const actor = await adminActor(request);
          return service.uploadImage(request.site.id, actor, await readImageUpload(request));
        },
      );
    });
  });
}
