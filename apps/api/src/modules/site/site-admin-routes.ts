import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteLogo, getAdminElementLists, getAdminParameters, LOGO_ALT_FIELD, LOGO_IMAGE_FIELD, LOGO_IMAGE_MAX_BYTES, LOGO_IMAGE_MISSING_MESSAGE, LOGO_IMAGE_TOO_LARGE_MESSAGE, logoFieldsSchema, logoFileRoute, reorderElements, saveFonts, saveLogoAlt, saveParameters, updateElement, uploadLogo } from '@comptoir/contract/admin-theme';
import { errorEnvelopeSchema } from '@comptoir/contract/envelope';
import { HttpError } from '../../http/http-error';
import { readImageUpload } from '../../http/image-upload';
import { registerEndpoint } from '../../http/register-endpoint';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import { registerAdminScope } from '../user';
import { adminActor } from '../audit';
import { type AdminThemeService } from './site-admin-service';

const LOGO_MULTIPART_MESSAGE =
  "Le logo s'envoie en multipart/form-data, avec l'image et son texte alternatif.";

/** Reads a logo upload: the image (5 MB at most, enforced while streaming) and the alt field. */
async function readLogoUpload(request: FastifyRequest) {
  const { fields, image } = await readImageUpload(request, {
    imageField: LOGO_IMAGE_FIELD,
    textFields: [LOGO_ALT_FIELD],
    maxBytes: LOGO_IMAGE_MAX_BYTES,
    notMultipartMessage: LOGO_MULTIPART_MESSAGE,
    tooLargeMessage: LOGO_IMAGE_TOO_LARGE_MESSAGE,
    tooManyMessage: 'Envoyez une seule image et un seul texte alternatif.',
  });
  return { alt: fields[LOGO_ALT_FIELD], image };
}

export function registerAdminThemeRoutes(app: FastifyInstance, service: AdminThemeService): void {
  // Public: the storefront's pages show the logos. The key is random and changes with each
  // upload, so a browser and a shared cache may keep the image for a year.
  app.route({
    method: logoFileRoute.method,
    url: logoFileRoute.path,
    config: { withoutSite: true },
    schema: {
      summary: logoFileRoute.summary,
      tags: [...logoFileRoute.tags],
      params: logoFileRoute.params,
      response: { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    handler: async (request, reply) => {
      const { siteId, key } = logoFileRoute.params.parse(request.params);
      const file = await service.logoFile(siteId, key);
      return reply
        .headers({
          'content-type': file.mimeType,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        })
        .send(file.content);
    },
  });

  registerAdminScope(app, async (scope) => {
    registerEndpoint(scope, getAdminParameters, ({ request }) =>
      service.listParameters(request.site.id),
    );
    registerEndpoint(scope, saveParameters, async ({ request, body }) =>
      service.saveParameters(request.site.id, await adminActor(request), body),
    );
    registerEndpoint(scope, saveLogoAlt, async ({ request, params, body }) =>
      service.saveLogoAlt(request.site.id, await adminActor(request), params.type, body.alt),
    );
    registerEndpoint(scope, deleteLogo, async ({ request, params }) =>
      service.deleteLogo(request.site.id, await adminActor(request), params.type),
    );
    registerEndpoint(scope, saveFonts, async ({ request, body }) =>
      service.saveFonts(request.site.id, await adminActor(request), body.fonts),
    );
    registerEndpoint(scope, getAdminElementLists, ({ request }) =>
      service.listElementLists(request.site.id),
    );
    registerEndpoint(scope, reorderElements, async ({ request, params, body }) =>
      service.reorderElements(request.site.id, await adminActor(request), params.route, body.ids),
    );
    registerEndpoint(scope, updateElement, async ({ request, params, body }) =>
      service.updateElement(
        request.site.id,
        await adminActor(request),
        params.route,
        params.id,
        body,
      ),
    );

    // Multipart stays in this scope; the handler reads the stream itself, so the contract's field
    // schema is applied to the parsed fields instead of by Fastify's body validation.
    await scope.register(async (uploads) => {
      await uploads.register(fastifyMultipart);
      registerEndpoint(uploads, { ...uploadLogo, body: undefined }, async ({ request, params }) => {
        const actor = await adminActor(request);
        const upload = await readLogoUpload(request);
        const fields = logoFieldsSchema.safeParse({ [LOGO_ALT_FIELD]: upload.alt });
        const errors = fields.success
          ? []
          : fields.error.issues.map((issue) => ({
              key: issue.path.join('.') || LOGO_ALT_FIELD,
              error: issue.message,
            }));
        if (!upload.image || upload.image.content.length === 0) {
          errors.push({ key: LOGO_IMAGE_FIELD, error: LOGO_IMAGE_MISSING_MESSAGE });
        }
        if (!fields.success || errors.length > 0) {
          throw new HttpError(422, INVALID_BODY_MESSAGE, errors);
        }
        return service.uploadLogo(request.site.id, actor, params.type, {
          ...upload.image!,
          alt: fields.data.alt,
        });
      });
    });
  });
}
