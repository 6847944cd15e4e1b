import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import type { Db } from '../../db/client';
import { albumMedia, albums } from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';

/** The fields GET /album can filter on. */
export const albumFilterColumns: FilterColumns = {
  id: albums.id,
  title: albums.title,
  slug: albums.slug,
};

const albumColumns = {
  id: albums.id,
  title: albums.title,
  slug: albums.slug,
  description: albums.description,
};

const mediaColumns = {
  id: albumMedia.id,
  type: albumMedia.type,
  url: albumMedia.url,
  posterUrl: albumMedia.posterUrl,
  alt: albumMedia.alt,
  caption: albumMedia.caption,
  width: albumMedia.width,
  height: albumMedia.height,
};

export type AlbumRecord = { id: number; title: string; slug: string; description: string | null };
export type AlbumMediaRecord = {
  id: number;
  type: 'IMAGE' | 'VIDEO';
  url: string;
  posterUrl: string | null;
  alt: string;
  caption: string | null;
  width: number | null;
  height: number | null;
};
export type AlbumCoverRecord = Pick<AlbumMediaRecord, 'url' | 'alt' | 'width' | 'height'>;

export function createAlbumRepository(db: Db) {
  const published = (siteId: number) =>
    and(eq(albums.siteId, siteId), eq(albums.isPublished, true));

  return {
    /** One page of the published albums by position, and how many match in all. */
    async listPublished(siteId: number, filters: readonly ListFilter[], paging: Paging) {
      const where = and(published(siteId), ...filterConditions(filters, albumFilterColumns));
      const rows: AlbumRecord[] = await db
        .select(albumColumns)
        .from(albums)
        .where(where)
        .orderBy(asc(albums.position), asc(albums.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(albums).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async findPublished(siteId: number, id: number): Promise<AlbumRecord | undefined> {
      const [album] = await db
        .select(albumColumns)
        .from(albums)
        .where(and(published(siteId), eq(albums.id, id)));
      return album;
    },

    /** The album's images and videos by position. */
    async listMedia(siteId: number, albumId: number): Promise<AlbumMediaRecord[]> {
      return db
        .select(mediaColumns)
        .from(albumMedia)
        .where(and(eq(albumMedia.siteId, siteId), eq(albumMedia.albumId, albumId)))
        .orderBy(asc(albumMedia.position), asc(albumMedia.id));
    },

    /**
     * Media count and cover (the first image by position) of each listed album, in two grouped
     * queries whatever the number of albums on the page.
     */
    async summariesOf(
      siteId: number,
      albumIds: readonly number[],
    ): Promise<Map<number, { mediaCount: number; cover: AlbumCoverRecord | null }>> {
      const summaries = new Map<number, { mediaCount: number; cover: AlbumCoverRecord | null }>();
      if (albumIds.length === 0) return summaries;
      const ofTheseAlbums = and(
        eq(albumMedia.siteId, siteId),
        inArray(albumMedia.albumId, [...albumIds]),
      );
      const counts = await db
        .select({ albumId: albumMedia.albumId, mediaCount: count() })
        .from(albumMedia)
        .where(ofTheseAlbums)
        .groupBy(albumMedia.albumId);
      const covers = await db
        .selectDistinctOn([albumMedia.albumId], {
          albumId: albumMedia.albumId,
          url: albumMedia.url,
          alt: albumMedia.alt,
          width: albumMedia.width,
          height: albumMedia.height,
        })
        .from(albumMedia)
        .where(and(ofTheseAlbums, eq(albumMedia.type, 'IMAGE')))
        .orderBy(albumMedia.albumId, asc(albumMedia.position), asc(albumMedia.id));
      for (const { albumId, mediaCount } of counts) {
        summaries.set(albumId, { mediaCount, cover: null });
      }
      for (const { albumId, ...cover } of covers) {
        const summary = summaries.get(albumId);
        if (summary) summary.cover = cover;
      }
      return summaries;
    },
  };
}

export type AlbumRepository = ReturnType<typeof createAlbumRepository>;
