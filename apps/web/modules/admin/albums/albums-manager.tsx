'use client';

import { useRouter } from 'next/navigation';
import {
  createAlbum,
  reorderAlbums,
  type AdminAlbumSummary,
  type AlbumFields,
} from '@comptoir/contract/admin-albums';
import { IntentLink } from '../../../ui/intent-link';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { useAdminList } from '../frame/admin-list';
import styles from '../editorial/editorial.module.css';
import { moveInOrder } from '../editorial/move-in-order';
import { AlbumForm } from './album-form';

/** The albums in their order, and a new album's form. */
export function AlbumsManager({
  siteId,
  albums,
}: {
  siteId: number;
  albums: readonly AdminAlbumSummary[];
}) {
  const router = useRouter();
  const api = browserApi(siteId);
  // A new album opens its own page; the list's rows move in the server's order.
  const list = useAdminList<AdminAlbumSummary, AlbumFields>({
    initial: [...albums],
    nameOf: (album) => album.title,
    refresh: () => router.refresh(),
  });
  const { rowTarget, addTarget, newFormTarget } = list;

  function move(album: AdminAlbumSummary, offset: -1 | 1) {
    const ids = moveInOrder(
      albums.map((candidate) => candidate.id),
      album.id,
      offset,
    );
    if (!ids) return;
    return list.run(async () => {
      await api.call(reorderAlbums, { body: { ids } });
      return `Album « ${album.title} » déplacé ${offset < 0 ? 'vers le haut' : 'vers le bas'}.`;
    });
  }

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {list.status}
      </p>
      {list.editing === 'new' ? (
        <div ref={newFormTarget}>
          <AlbumForm
            album={null}
            submitLabel="Créer l'album"
            onSave={async (fields) => {
              const album = await api.call(createAlbum, { body: fields });
              router.push(`/admin/albums/${album.id}`);
            }}
          />
        </div>
      ) : (
        <div className={controls.buttons}>
          <button ref={addTarget} type="button" className={controls.button} onClick={list.openNew}>
            Nouvel album
          </button>
        </div>
      )}
      <ul className={styles.list} aria-busy={list.busy || undefined}>
        {albums.map((album) => (
          <li key={album.id} ref={rowTarget(album.id)} tabIndex={-1} className={styles.row}>
            <span className={styles.rowTitle}>
              <strong>{album.title}</strong>
              <span className={styles.meta}>
                {album.mediaCount} photo{album.mediaCount > 1 ? 's' : ''} et vidéo
                {album.mediaCount > 1 ? 's' : ''} · {album.isPublished ? 'Publié' : 'Non publié'}
              </span>
            </span>
            <span className={styles.rowActions}>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                aria-label={`Monter l'album « ${album.title} »`}
                disabled={list.busy}
                onClick={() => void move(album, -1)}
              >
                Monter
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                aria-label={`Descendre l'album « ${album.title} »`}
                disabled={list.busy}
                onClick={() => void move(album, 1)}
              >
                Descendre
              </button>
              <IntentLink
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                href={`/admin/albums/${album.id}`}
                aria-label={`Modifier l'album « ${album.title} »`}
              >
                Modifier
              </IntentLink>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
