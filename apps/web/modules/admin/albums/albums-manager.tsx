'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  createAlbum,
  reorderAlbums,
  type AdminAlbumSummary,
} from '@comptoir/contract/admin-albums';
import { IntentLink } from '../../../ui/intent-link';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
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
  const [creating, setCreating] = useState(false);
  const [status, setStatus] = useState('');

  async function move(album: AdminAlbumSummary, offset: -1 | 1) {
    const ids = moveInOrder(
      albums.map((candidate) => candidate.id),
      album.id,
      offset,
    );
    if (!ids) return;
    try {
      await browserApi(siteId).call(reorderAlbums, { body: { ids } });
      setStatus(`Album « ${album.title} » déplacé ${offset < 0 ? 'vers le haut' : 'vers le bas'}.`);
      router.refresh();
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <p className={controls.status} role="status">
        {status}
      </p>
      {creating ? (
        <AlbumForm
          album={null}
          submitLabel="Créer l'album"
          onSave={async (fields) => {
            const album = await browserApi(siteId).call(createAlbum, { body: fields });
            router.push(`/admin/albums/${album.id}`);
          }}
        />
      ) : (
        <div className={controls.buttons}>
          <button type="button" className={controls.button} onClick={() => setCreating(true)}>
            Nouvel album
          </button>
        </div>
      )}
      <ul className={styles.list}>
        {albums.map((album) => (
          <li key={album.id} className={styles.row}>
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
                onClick={() => void move(album, -1)}
              >
                Monter
              </button>
              <button
                type="button"
                className={`${controls.button} ${controls.secondary} ${controls.small}`}
                aria-label={`Descendre l'album « ${album.title} »`}
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
