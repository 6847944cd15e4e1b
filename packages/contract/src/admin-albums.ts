import { z } from 'zod';
import {
  contentSlugSchema,
  contentTitleSchema,
  idOrderSchema,
  isContentImageUrl,
  optionalText,
} from './admin-editorial';
import { albumMediaTypeSchema } from './album';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';

/*
 * Photo albums as the back office edits them (docs/requirements/albums.md): the album's fields and order, its photos
 * (uploaded one request per file, so the browser shows each file's progress) and video links, with
 * their text alternative and caption, in an order the owner sets.
 */

export const ALBUM_NOT_FOUND_MESSAGE = 'Cet album est introuvable.';
export const ALBUM_MEDIA_NOT_FOUND_MESSAGE = 'Cette photo ou vidéo est introuvable dans cet album.';
export const ALBUM_VIDEO_URL_MESSAGE =
  'Saisissez l’adresse https:// d’un fichier vidéo MP4 ou WebM (ou une adresse du site).';
export const ALBUM_VIDEO_POSTER_MESSAGE =
  'Choisissez une image envoyée sur le site, ou une adresse https://.';
export const ALBUM_ALT_MESSAGE = 'Le texte alternatif fait 300 caractères au plus.';

export const albumFieldsSchema = z.object({
  title: contentTitleSchema,
  slug: contentSlugSchema,
  description: optionalText(2000, 'La description'),
  isPublished: z.boolean(),
});
export type AlbumFieldsInput = z.input<typeof albumFieldsSchema>;
export type AlbumFields = z.infer<typeof albumFieldsSchema>;

const altSchema = z.string().trim().max(300, { error: ALBUM_ALT_MESSAGE });

/** What the owner writes about any photo or video: its text alternative and its caption. */
export const albumMediaTextSchema = z.object({
  alt: altSchema,
  caption: optionalText(500, 'La légende'),
});
export type AlbumMediaTextInput = z.input<typeof albumMediaTextSchema>;

/** The storefront plays the video file itself (its slider's <video>): an MP4 or WebM address. */
export function isVideoFileUrl(url: string): boolean {
  return /^(\/(?!\/)|https:\/\/)\S+\.(mp4|webm)(\?\S*)?$/i.test(url) && url.length <= 2000;
}

export const albumVideoFieldsSchema = albumMediaTextSchema.extend({
  url: z.string().trim().refine(isVideoFileUrl, { error: ALBUM_VIDEO_URL_MESSAGE }),
  posterUrl: z
    .string()
    .trim()
    .nullable()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isContentImageUrl(value), {
      error: ALBUM_VIDEO_POSTER_MESSAGE,
    }),
});
export type AlbumVideoFieldsInput = z.input<typeof albumVideoFieldsSchema>;

export const adminAlbumMediaSchema = z.object({
  id: z.number().int(),
  type: albumMediaTypeSchema,
  url: z.string(),
  posterUrl: z.string().nullable(),
  alt: z.string(),
  caption: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  position: z.number().int(),
});
export type AdminAlbumMedia = z.infer<typeof adminAlbumMediaSchema>;

export const adminAlbumSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  isPublished: z.boolean(),
  position: z.number().int(),
  mediaCount: z.number().int(),
});
export type AdminAlbumSummary = z.infer<typeof adminAlbumSummarySchema>;

export const adminAlbumSchema = adminAlbumSummarySchema.extend({
  media: z.array(adminAlbumMediaSchema),
});
export type AdminAlbum = z.infer<typeof adminAlbumSchema>;

const idParams = z.object({ id: rowIdSchema });
const mediaParams = z.object({ id: rowIdSchema, mediaId: rowIdSchema });

export const listAdminAlbums = defineEndpoint({
  method: 'GET',
  path: '/admin/album',
  summary: 'Every album, unpublished ones included, by position (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.array(adminAlbumSummarySchema),
});

export const getAdminAlbum = defineEndpoint({
  method: 'GET',
  path: '/admin/album/:id',
  summary: 'One album with its photos and videos by position (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminAlbumSchema,
});

export const createAlbum = defineEndpoint({
  method: 'POST',
  path: '/admin/album',
  summary: 'Create an album, last of the list (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: albumFieldsSchema,
  response: adminAlbumSchema,
});

export const updateAlbum = defineEndpoint({
  method: 'PUT',
  path: '/admin/album/:id',
  summary: "Change an album's fields (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: idParams,
  body: albumFieldsSchema,
  response: adminAlbumSchema,
});

export const deleteAlbum = defineEndpoint({
  method: 'DELETE',
  path: '/admin/album/:id',
  summary: 'Delete an album with its photos and videos (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const reorderAlbums = defineEndpoint({
  method: 'PUT',
  path: '/admin/album-order',
  summary: 'Put the albums in a new order: every album, once each (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: z.object({ ids: idOrderSchema }),
  response: z.array(adminAlbumSummarySchema),
});

export const uploadAlbumPhoto = defineEndpoint({
  method: 'POST',
  path: '/admin/album/:id/photo',
  summary:
    'Add one photo at the end of an album (multipart: image; checked by content, resized and stored as WebP; ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminAlbumMediaSchema,
});

export const addAlbumVideo = defineEndpoint({
  method: 'POST',
  path: '/admin/album/:id/video',
  summary: 'Add a video link at the end of an album (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  body: albumVideoFieldsSchema,
  response: adminAlbumMediaSchema,
});

export const updateAlbumMedia = defineEndpoint({
  method: 'PUT',
  path: '/admin/album/:id/media/:mediaId',
  summary:
    "Change a photo's or video's text alternative and caption, and a video's addresses (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: mediaParams,
  body: albumMediaTextSchema.extend({
    url: albumVideoFieldsSchema.shape.url.optional(),
    posterUrl: albumVideoFieldsSchema.shape.posterUrl.optional(),
  }),
  response: adminAlbumMediaSchema,
});

export const deleteAlbumMedia = defineEndpoint({
  method: 'DELETE',
  path: '/admin/album/:id/media/:mediaId',
  summary: 'Remove a photo or video from an album (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: mediaParams,
  response: z.object({ id: z.number().int() }),
});

export const reorderAlbumMedia = defineEndpoint({
  method: 'PUT',
  path: '/admin/album/:id/media-order',
  summary:
    "Put an album's photos and videos in a new order: every one of them, once each (ADMIN, SUPER_ADMIN)",
  tags: ['admin'],
  params: idParams,
  body: z.object({ ids: idOrderSchema }),
  response: adminAlbumSchema,
});
