import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';

export const ADMIN_ONLY_MESSAGE = 'Cette action est réservée aux administrateurs du site.';
export const PAGE_NOT_FOUND_MESSAGE = 'Cette page est introuvable.';
export const PREVIEW_IMAGE_TYPE_MESSAGE = "L'aperçu doit être une image PNG, JPEG ou WebP.";
export const PREVIEW_IMAGE_TOO_LARGE_MESSAGE = "L'aperçu ne doit pas dépasser 5 Mo.";
export const PREVIEW_IMAGE_MISSING_MESSAGE = "Ajoutez l'image de l'aperçu.";

/** Largest accepted layout preview image. */
export const PREVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Multipart field names of the preview upload. */
export const PREVIEW_IMAGE_FIELD = 'image';
export const PREVIEW_HTML_FIELD = 'html';

const layoutParamsSchema = z.object({
  idPage: rowIdSchema,
  idLayout: rowIdSchema,
});

/** A layout's HTML as the page builder rendered it; the bound keeps it under the API's 1 MiB body limit. */
const layoutHtmlSchema = z
  .string({ error: 'Le HTML de la mise en page est manquant.' })
  .max(1_000_000, {
    error: 'Le HTML de la mise en page ne doit pas dépasser 1 000 000 caractères.',
  });

export const checkLayoutHash = defineEndpoint({
  method: 'POST',
  path: '/admin/page/:idPage/layout/:idLayout/hash/check',
  summary:
    "Whether this HTML is the one the layout's stored preview was made from (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: layoutParamsSchema,
  body: z.object({ html: layoutHtmlSchema }),
  response: z.object({ upToDate: z.boolean() }),
});

/**
 * The text fields of the preview upload. The request is multipart/form-data: a PREVIEW_IMAGE_FIELD
 * file (PNG, JPEG or WebP, checked by content, PREVIEW_IMAGE_MAX_BYTES at most) and this
 * PREVIEW_HTML_FIELD; the client sends them as FormData.
 */
export const layoutPreviewFieldsSchema = z.object({ html: layoutHtmlSchema });

export const uploadLayoutPreview = defineEndpoint({
  method: 'PUT',
  path: '/admin/page/:idPage/layout/:idLayout/preview',
  summary:
    "Store a layout's preview image and the hash of its HTML, replacing the previous preview (multipart: image file + html; ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: layoutParamsSchema,
  body: layoutPreviewFieldsSchema,
  response: z.object({ upToDate: z.literal(true), updatedAt: z.string() }),
});
