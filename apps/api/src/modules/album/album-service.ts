import { ALBUM_PAGE_SIZE, type Album, type AlbumList } from '@comptoir/contract/album';
import { HttpError } from '../../http/http-error';
import { pagingOf, parseFilters } from '../../lib/list-query';
import { albumFilterColumns, type AlbumRepository } from './album-repository';

export function createAlbumService(repository: AlbumRepository) {
  return {
    /** A page of the site's published albums, 100 per page unless the caller asks otherwise. */
    async listAlbums(
      siteId: number,
      query: Record<string, unknown> & { page?: number; nbItem?: number },
    ): Promise<AlbumList> {
      const { rows, total } = await repository.listPublished(
        siteId,
        parseFilters(query, albumFilterColumns),
        pagingOf(query, ALBUM_PAGE_SIZE),
      );
      const summaries = await repository.summariesOf(
        siteId,
        rows.map((album) => album.id),
      );
      return {
        list: rows.map((album) => ({
          ...album,
          cover: summaries.get(album.id)?.cover ?? null,
          mediaCount: summaries.get(album.id)?.mediaCount ?? 0,
        })),
        total,
      };
    },

    /** One published album of this site with its media; another site's or a hidden one is not found. */
    async getAlbum(siteId: number, id: number): Promise<Album> {
      const album = await repository.findPublished(siteId, id);
      if (!album) throw new HttpError(404, `Album ${id} not found.`);
      const media = await repository.listMedia(siteId, id);
      const firstImage = media.find((item) => item.type === 'IMAGE');
      return {
        ...album,
        cover: firstImage
          ? {
              url: firstImage.url,
              alt: firstImage.alt,
              width: firstImage.width,
              height: firstImage.height,
            }
          : null,
        mediaCount: media.length,
        media,
      };
    },
  };
}

export type AlbumService = ReturnType<typeof createAlbumService>;
