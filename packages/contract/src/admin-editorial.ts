import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * What the back office's editorial screens (blog, news, albums) share: the field rules of a title,
 * an address slug, a picture, a publication date and a one-by-one id order, and the upload of a
 * content image (a picture of an article, a folder, a news item or an album). Each screen's form
 * validates with these same schemas.
 */

export const CONTENT_TITLE_MESSAGE = 'Le titre est obligatoire (200 caractères au plus).';
export const CONTENT_SLUG_MESSAGE =
  "L'adresse ne contient que des lettres minuscules sans accent, des chiffres et des tirets, par exemple mon-premier-article.";
export const CONTENT_SLUG_TAKEN_MESSAGE =
  'Cette adresse est déjà utilisée : choisissez-en une autre.';
export const CONTENT_IMAGE_URL_MESSAGE =
  'Choisissez une image envoyée sur le site, ou une adresse https://.';
export const CONTENT_DATE_MESSAGE = 'Saisissez une date et une heure de publication.';
export const CONTENT_ORDER_MESSAGE = 'Donnez chaque élément une fois, dans le nouvel ordre.';

export const contentTitleSchema = z
  .string({ error: CONTENT_TITLE_MESSAGE })
  .trim()
  .min(1, { error: CONTENT_TITLE_MESSAGE })
  .max(200, { error: CONTENT_TITLE_MESSAGE });

export const contentSlugSchema = z
  .string({ error: CONTENT_SLUG_MESSAGE })
  .max(200, { error: CONTENT_SLUG_MESSAGE })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: CONTENT_SLUG_MESSAGE });

/** Text that may be left empty: an empty field is stored as null. */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label} fait ${max} caractères au plus.` })
    .nullable()
    .transform((value) => (value ? value : null));
}

/** A picture of the site (a path of this origin, as uploads are) or an https address. */
export function isContentImageUrl(url: string): boolean {
  return /^(\/(?!\/)|https:\/\/)\S+$/i.test(url) && url.length <= 2000;
}

export const contentImageUrlSchema = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isContentImageUrl(value), {
    error: CONTENT_IMAGE_URL_MESSAGE,
  });

/** A moment as an ISO 8601 string (the forms send the owner's local time converted). */
export const publicationDateSchema = z
  .string({ error: CONTENT_DATE_MESSAGE })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: CONTENT_DATE_MESSAGE });

/** A list of ids in a new order, each once. */
export const idOrderSchema = z
  .array(z.number().int().positive())
  .min(1, { error: CONTENT_ORDER_MESSAGE })
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, { error: CONTENT_ORDER_MESSAGE });

export const idOrderBodySchema = z.object({ ids: idOrderSchema });
export type IdOrderBody = z.infer<typeof idOrderBodySchema>;

/** The multipart field of an uploaded picture. */
export const CONTENT_IMAGE_FIELD = 'image';
export const CONTENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_IMAGE_MISSING_MESSAGE = 'Choisissez une image.';
export const CONTENT_IMAGE_TOO_LARGE_MESSAGE = "L'image fait 10 Mo au plus.";
export const CONTENT_IMAGE_TYPE_MESSAGE = 'Envoyez une image PNG, JPEG, WebP ou GIF.';

export const contentImageSchema = z.object({
  /** Where the storefront shows it: /api/content-image/{siteId}/{key}. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

export const uploadContentImage = defineEndpoint({
  method: 'POST',
  path: '/admin/content-image',
  summary:
    'Upload a picture for public content (multipart: image; checked by content, resized and stored as WebP; ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: contentImageSchema,
});

export const CONTENT_IMAGE_KEY_PATTERN = /^[0-9a-f]{32}\.webp$/;

/** Public, an image's bytes rather than an envelope, the site in the path (an <img> sends no header). */
export const contentImageFileRoute = {
  method: 'GET',
  path: '/content-image/:siteId/:key',
  summary:
    'A picture uploaded for public content (public; cached for a year, its key never changes)',
  tags: ['site'],
  params: z.object({
    siteId: rowIdSchema,
    key: z.string().regex(CONTENT_IMAGE_KEY_PATTERN, { error: 'Expected a content image key.' }),
  }),
} as const;

export function contentImageUrl(siteId: number, key: string): string {
  return `/api/content-image/${siteId}/${key}`;
}

/** The storage key of a picture uploaded here, from its address; null for any other address. */
export function contentImageKeyOf(siteId: number, url: string | null): string | null {
  const prefix = `/api/content-image/${siteId}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return CONTENT_IMAGE_KEY_PATTERN.test(key) ? key : null;
}
