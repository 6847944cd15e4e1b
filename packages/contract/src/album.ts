import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, listPageSchema, pagingQuerySchema } from './list-query';

/*
 * Photo albums (docs/requirements/albums.md): a site's albums of images and videos. Visitors see them through
 * the gallery block of a CMS page, whose thumbnails open the full-screen slider (docs/requirements/albums.md).
 */

/** Albums per page when the caller gives none (docs/requirements/albums.md: albums 100). */
export const ALBUM_PAGE_SIZE = 100;

export const ALBUM_MEDIA_TYPES = ['IMAGE', 'VIDEO'] as const;
export const albumMediaTypeSchema = z.enum(ALBUM_MEDIA_TYPES);
export type AlbumMediaType = z.infer<typeof albumMediaTypeSchema>;

/** One picture or video of an album, in the album's order. */
export const albumMediaSchema = z.object({
  id: z.number().int(),
  type: albumMediaTypeSchema,
  /** The image, or the video file (its format is told by the extension: .webm, .mp4). */
  url: z.string(),
  /** For a video: the image shown before it plays (and as its thumbnail). */
  posterUrl: z.string().nullable(),
  /** Text alternative describing the picture or the video. */
  alt: z.string(),
  caption: z.string().nullable(),
  /** Intrinsic size in pixels, when known: the storefront reserves the room before loading. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AlbumMedia = z.infer<typeof albumMediaSchema>;

/** The picture that stands for an album: its first image (by position). */
export const albumCoverSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AlbumCover = z.infer<typeof albumCoverSchema>;

export const albumSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Null for an album without any image. */
  cover: albumCoverSchema.nullable(),
  /** Images and videos together. */
  mediaCount: z.number().int().min(0),
});
export type AlbumSummary = z.infer<typeof albumSummarySchema>;

export const albumSchema = albumSummarySchema.extend({
  /** Every image and video of the album, by position. */
  media: z.array(albumMediaSchema),
});
export type Album = z.infer<typeof albumSchema>;

export const albumListSchema = listPageSchema(albumSummarySchema);
export type AlbumList = z.infer<typeof albumListSchema>;

export const albumIdSchema = rowIdSchema;

export const getAlbumList = defineEndpoint({
  method: 'GET',
  path: '/album',
  summary:
    "One page of the site's published albums by position, each with its cover (first image) and media count (100 per page by default; filterable on id, title and slug with the list operators)",
  tags: ['album'],
  query: pagingQuerySchema.extend({
    id: filterValueSchema,
    title: filterValueSchema,
    slug: filterValueSchema,
  }),
  response: albumListSchema,
});

export const getAlbum = defineEndpoint({
  method: 'GET',
  path: '/album/:id',
  summary: 'One published album with its images and videos, by position',
  tags: ['album'],
  params: z.object({ id: albumIdSchema }),
  response: albumSchema,
});
