import { and, asc, count, eq } from 'drizzle-orm';
import { ALBUM_MEDIA_NOT_FOUND_MESSAGE, ALBUM_NOT_FOUND_MESSAGE, ALBUM_VIDEO_URL_MESSAGE, type AdminAlbum, type AdminAlbumMedia, type AdminAlbumSummary, type AlbumFields } from '@comptoir/contract/admin-albums';
import type { Db } from '../../db/client';
import { albumMedia, albums } from '../../db/schema';
import type { StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import type { ContentImages } from '../content-image';
import { checkFullOrder, createEditorialWriter, ensureSlugFree, invalidField, notFound } from '../editorial';

const albumColumns = {
  id: albums.id,
  title: albums.title,
  slug: albums.slug,
  description: albums.description,
  isPublished: albums.isPublished,
  position: albums.position,
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
  position: albumMedia.position,
};

const albumSlugs = { table: albums, id: albums.id, siteId: albums.siteId, slug: albums.slug };

export interface MediaText {
  alt: string;
  caption: string | null;
}
export interface VideoFields extends MediaText {
  url: string;
  posterUrl: string | null;
}

/**
 * Albums in the back office. Each write refreshes the storefront's `albums` tag, under which the
 * gallery blocks of pages read their album. Uploaded photos are stored before their transaction
 * and removed again if it fails; a removed photo's file goes once the removal has committed.
 */
export function createAdminAlbumsService(
  db: Db,
  storefront: StorefrontRevalidation,
  images: ContentImages,
) {
  const write = createEditorialWriter(db, storefront, 'albums');

  async function summaries(tx: Db, siteId: number): Promise<AdminAlbumSummary[]> {
    return tx
      .select({ ...albumColumns, mediaCount: count(albumMedia.id) })
      .from(albums)
      .leftJoin(
        albumMedia,
        and(eq(albumMedia.siteId, albums.siteId), eq(albumMedia.albumId, albums.id)),
      )
      .where(eq(albums.siteId, siteId))
      .groupBy(albums.id)
      .orderBy(asc(albums.position), asc(albums.id));
  }

  async function media(tx: Db, siteId: number, albumId: number): Promise<AdminAlbumMedia[]> {
    return tx
      .select(mediaColumns)
      .from(albumMedia)
      .where(and(eq(albumMedia.siteId, siteId), eq(albumMedia.albumId, albumId)))
      .orderBy(asc(albumMedia.position), asc(albumMedia.id));
  }

  async function album(tx: Db, siteId: number, id: number): Promise<AdminAlbum> {
    const [row] = await tx
      .select(albumColumns)
      .from(albums)
      .where(and(eq(albums.siteId, siteId), eq(albums.id, id)));
    if (!row) throw notFound(ALBUM_NOT_FOUND_MESSAGE);
    const items = await media(tx, siteId, id);
    return { ...row, mediaCount: items.length, media: items };
  }

  async function oneMedia(tx: Db, siteId: number, albumId: number, mediaId: number) {
    const [row] = await tx
      .select(mediaColumns)
      .from(albumMedia)
      .where(
        and(
          eq(albumMedia.siteId, siteId),
          eq(albumMedia.albumId, albumId),
          eq(albumMedia.id, mediaId),
        ),
      );
    if (!row) throw notFound(ALBUM_MEDIA_NOT_FOUND_MESSAGE);
    return row;
  }

  /** Adds a photo or video at the end of the album, in the caller's transaction. */
  async function appendMedia(
    tx: Db,
    siteId: number,
    albumId: number,
    values: Omit<typeof albumMedia.$inferInsert, 'siteId' | 'albumId' | 'position'>,
  ): Promise<{ title: string; item: AdminAlbumMedia }> {
    // Locks the album row: two uploads at once get two different positions.
    const [row] = await tx
      .select({ title: albums.title })
      .from(albums)
      .where(and(eq(albums.siteId, siteId), eq(albums.id, albumId)))
      .for('update');
    if (!row) throw notFound(ALBUM_NOT_FOUND_MESSAGE);
    const existing = await media(tx, siteId, albumId);
    const position = existing.reduce((last, item) => Math.max(last, item.position + 1), 0);
    const [item] = await tx
      .insert(albumMedia)
      .values({ ...values, siteId, albumId, position })
      .returning(mediaColumns);
    return { title: row.title, item: item! };
  }

  return {
    list: (siteId: number) => summaries(db, siteId),

    get: (siteId: number, id: number) => album(db, siteId, id),

    create(siteId: number, actor: AuditActor, fields: AlbumFields) {
      return write(siteId, actor, async (tx) => {
        await ensureSlugFree(tx, albumSlugs, siteId, fields.slug, null);
        const [last] = await tx
          .select({ total: count() })
          .from(albums)
          .where(eq(albums.siteId, siteId));
        const [row] = await tx
          .insert(albums)
          .values({ ...fields, siteId, position: last?.total ?? 0 })
          .returning(albumColumns);
        const result: AdminAlbum = { ...row!, mediaCount: 0, media: [] };
        return {
          result,
          journal: {
            action: 'create',
            entityType: 'album',
            entityId: result.id,
            summary: `Album « ${result.title} » créé`,
            before: null,
            after: row,
          },
        };
      });
    },

    update(siteId: number, actor: AuditActor, id: number, fields: AlbumFields) {
      return write(siteId, actor, async (tx) => {
        const { media: _media, mediaCount: _count, ...before } = await album(tx, siteId, id);
        await ensureSlugFree(tx, albumSlugs, siteId, fields.slug, id);
        const [row] = await tx
          .update(albums)
          .set(fields)
          .where(and(eq(albums.siteId, siteId), eq(albums.id, id)))
          .returning(albumColumns);
        return {
          result: await album(tx, siteId, id),
          journal: {
            action: 'update',
            entityType: 'album',
            entityId: id,
            summary: `Album « ${row!.title} » modifié`,
            before,
            after: row,
          },
        };
      });
    },

    async remove(siteId: number, actor: AuditActor, id: number) {
      const removed = await write(siteId, actor, async (tx) => {
        const before = await album(tx, siteId, id);
        await tx.delete(albums).where(and(eq(albums.siteId, siteId), eq(albums.id, id)));
        return {
          result: before,
          journal: {
            action: 'delete',
            entityType: 'album',
            entityId: id,
            summary: `Album « ${before.title} » supprimé avec ses ${before.mediaCount} photos et vidéos`,
            before,
            after: null,
          },
        };
      });
      for (const item of removed.media) {
        if (item.type === 'IMAGE') await images.removeByUrl(siteId, item.url);
      }
      return { id };
    },

    reorder(siteId: number, actor: AuditActor, ids: readonly number[]) {
      return write(siteId, actor, async (tx) => {
        const before = await summaries(tx, siteId);
        checkFullOrder(
          before.map((row) => row.id),
          ids,
        );
        for (const [position, id] of ids.entries()) {
          await tx
            .update(albums)
            .set({ position })
            .where(and(eq(albums.siteId, siteId), eq(albums.id, id)));
        }
        return {
          result: await summaries(tx, siteId),
          journal: {
            action: 'move',
            entityType: 'album',
            entityId: null,
            summary: 'Ordre des albums modifié',
            before: { ids: before.map((row) => row.id) },
            after: { ids },
          },
        };
      });
    },

    async addPhoto(siteId: number, actor: AuditActor, albumId: number, upload: Buffer) {
      await album(db, siteId, albumId);
      const image = await images.store(siteId, upload);
      try {
        return await write(siteId, actor, async (tx) => {
          const { title, item } = await appendMedia(tx, siteId, albumId, {
            type: 'IMAGE',
            url: image.url,
            width: image.width,
            height: image.height,
            alt: '',
          });
          return {
            result: item,
            journal: {
              action: 'create',
              entityType: 'album-media',
              entityId: item.id,
              summary: `Photo ajoutée à l'album « ${title} »`,
              before: null,
              after: item,
            },
          };
        });
      } catch (error) {
        await images.removeByUrl(siteId, image.url);
        throw error;
      }
    },

    addVideo(siteId: number, actor: AuditActor, albumId: number, fields: VideoFields) {
      return write(siteId, actor, async (tx) => {
        const { title, item } = await appendMedia(tx, siteId, albumId, {
          type: 'VIDEO',
          ...fields,
        });
        return {
          result: item,
          journal: {
            action: 'create',
            entityType: 'album-media',
            entityId: item.id,
            summary: `Vidéo ajoutée à l'album « ${title} »`,
            before: null,
            after: item,
          },
        };
      });
    },

    updateMedia(
      siteId: number,
      actor: AuditActor,
      albumId: number,
      mediaId: number,
      fields: MediaText & Partial<VideoFields>,
    ) {
      return write(siteId, actor, async (tx) => {
        const before = await oneMedia(tx, siteId, albumId, mediaId);
        const values: Partial<VideoFields> = { alt: fields.alt, caption: fields.caption };
        if (before.type === 'VIDEO') {
          if (fields.url !== undefined) values.url = fields.url;
          if (fields.posterUrl !== undefined) values.posterUrl = fields.posterUrl;
        } else if (fields.url !== undefined && fields.url !== before.url) {
          // A photo's file is replaced by removing it and uploading another, never by address.
          throw invalidField('url', ALBUM_VIDEO_URL_MESSAGE);
        }
        const [item] = await tx
          .update(albumMedia)
          .set(values)
          .where(and(eq(albumMedia.siteId, siteId), eq(albumMedia.id, mediaId)))
          .returning(mediaColumns);
        return {
          result: item!,
          journal: {
            action: 'update',
            entityType: 'album-media',
            entityId: mediaId,
            summary: `${before.type === 'VIDEO' ? 'Vidéo' : 'Photo'} de l'album modifiée`,
            before,
            after: item,
          },
        };
      });
    },

    async removeMedia(siteId: number, actor: AuditActor, albumId: number, mediaId: number) {
      const removed = await write(siteId, actor, async (tx) => {
        const before = await oneMedia(tx, siteId, albumId, mediaId);
        await tx
          .delete(albumMedia)
          .where(and(eq(albumMedia.siteId, siteId), eq(albumMedia.id, mediaId)));
        return {
          result: before,
          journal: {
            action: 'delete',
            entityType: 'album-media',
            entityId: mediaId,
            summary: `${before.type === 'VIDEO' ? 'Vidéo retirée' : 'Photo retirée'} de l'album`,
            before,
            after: null,
          },
        };
      });
      if (removed.type === 'IMAGE') await images.removeByUrl(siteId, removed.url);
      return { id: mediaId };
    },

    reorderMedia(siteId: number, actor: AuditActor, albumId: number, ids: readonly number[]) {
      return write(siteId, actor, async (tx) => {
        const before = await album(tx, siteId, albumId);
        checkFullOrder(
          before.media.map((item) => item.id),
          ids,
        );
        for (const [position, id] of ids.entries()) {
          await tx
            .update(albumMedia)
            .set({ position })
            .where(and(eq(albumMedia.siteId, siteId), eq(albumMedia.id, id)));
        }
        return {
          result: await album(tx, siteId, albumId),
          journal: {
            action: 'move',
            entityType: 'album-media',
            entityId: albumId,
            summary: `Ordre des photos de l'album « ${before.title} » modifié`,
            before: { ids: before.media.map((item) => item.id) },
            after: { ids },
          },
        };
      });
    },
  };
}

export type AdminAlbumsService = ReturnType<typeof createAdminAlbumsService>;
