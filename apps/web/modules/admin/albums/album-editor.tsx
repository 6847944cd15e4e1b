'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import {
  addAlbumVideo,
  deleteAlbum,
  deleteAlbumMedia,
  reorderAlbumMedia,
  updateAlbum,
  updateAlbumMedia,
  uploadAlbumPhoto,
  type AdminAlbum,
  type AdminAlbumMedia,
} from '@comptoir/contract/admin-albums';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import styles from '../editorial/editorial.module.css';
import { moveInOrder } from '../editorial/move-in-order';
import { uploadWithProgress } from '../editorial/upload-with-progress';
import { AlbumForm } from './album-form';

interface UploadState {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

/** A photo's or video's text alternative and caption (and a video's addresses). */
function MediaFields({
  siteId,
  albumId,
  item,
  number,
  onSaved,
}: {
  siteId: number;
  albumId: number;
  item: AdminAlbumMedia;
  number: number;
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState(item.alt);
  const [caption, setCaption] = useState(item.caption ?? '');
  const [url, setUrl] = useState(item.url);
  const [error, setError] = useState('');
  const kind = item.type === 'VIDEO' ? 'Vidéo' : 'Photo';

  async function save() {
    setError('');
    try {
      await browserApi(siteId).call(updateAlbumMedia, {
        params: { id: albumId, mediaId: item.id },
        body: {
          alt,
          caption: caption || null,
          ...(item.type === 'VIDEO' ? { url } : {}),
        },
      });
      onSaved(`${kind} n°${number} enregistrée.`);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  }

  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={`${id}-alt`}>
        Description ({kind.toLowerCase()} n°{number})
      </label>
      <input
        id={`${id}-alt`}
        className={controls.control}
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <label className={controls.label} htmlFor={`${id}-caption`}>
        Légende<span className={controls.optional}> (facultatif)</span>
      </label>
      <input
        id={`${id}-caption`}
        className={controls.control}
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
      />
      {item.type === 'VIDEO' && (
        <>
          <label className={controls.label} htmlFor={`${id}-url`}>
            Adresse de la vidéo
          </label>
          <input
            id={`${id}-url`}
            className={controls.control}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </>
      )}
      <div className={controls.buttons}>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small}`}
          onClick={() => void save()}
        >
          Enregistrer la {kind.toLowerCase()} n°{number}
        </button>
      </div>
      {error && <p className={controls.error}>{error}</p>}
    </div>
  );
}

/** An album: its fields, its photos (several sent at once, each with its progress) and videos. */
export function AlbumEditor({ siteId, album }: { siteId: number; album: AdminAlbum }) {
  const id = useId();
  const router = useRouter();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [status, setStatus] = useState('');
  const [video, setVideo] = useState({ url: '', alt: '' });
  const [videoError, setVideoError] = useState('');
  const api = browserApi(siteId);

  function announce(message: string) {
    setStatus(message);
    router.refresh();
  }

  async function uploadFiles(files: File[]) {
    const batch = files.map((file, index) => ({
      key: `${Date.now()}-${index}`,
      name: file.name,
      progress: 0,
      error: null,
    }));
    setUploads(batch);
    const update = (key: string, change: Partial<UploadState>) =>
      setUploads((current) =>
        current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)),
      );
    // In parallel: each file has its own request, so its own progress and its own failure.
    const results = await Promise.allSettled(
      files.map((file, index) =>
        uploadWithProgress<AdminAlbumMedia>(
          siteId,
          uploadAlbumPhoto.path.replace(':id', String(album.id)),
          file,
          (progress) => update(batch[index]!.key, { progress }),
        ).then(
          (media) => {
            update(batch[index]!.key, { progress: 1 });
            return media;
          },
          (error: unknown) => {
            update(batch[index]!.key, { error: failureMessage(error) });
            throw error;
          },
        ),
      ),
    );
    const sent = results.filter((result) => result.status === 'fulfilled').length;
    announce(
      `${sent} photo${sent > 1 ? 's' : ''} ajoutée${sent > 1 ? 's' : ''} sur ${files.length}.`,
    );
  }

  async function move(item: AdminAlbumMedia, offset: -1 | 1, number: number) {
    const ids = moveInOrder(
      album.media.map((candidate) => candidate.id),
      item.id,
      offset,
    );
    if (!ids) return;
    try {
      await api.call(reorderAlbumMedia, { params: { id: album.id }, body: { ids } });
      announce(`Élément n°${number} déplacé en position ${number + offset}.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function remove(item: AdminAlbumMedia, number: number) {
    if (!window.confirm(`Retirer l'élément n°${number} de l'album ?`)) return;
    try {
      await api.call(deleteAlbumMedia, { params: { id: album.id, mediaId: item.id } });
      announce(`Élément n°${number} retiré de l'album.`);
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  async function addVideo() {
    setVideoError('');
    try {
      await api.call(addAlbumVideo, {
        params: { id: album.id },
        body: { url: video.url, alt: video.alt, caption: null, posterUrl: null },
      });
      setVideo({ url: '', alt: '' });
      announce('Vidéo ajoutée à la fin de l’album.');
    } catch (error) {
      setVideoError(failureMessage(error));
    }
  }

  async function removeAlbum() {
    if (!window.confirm(`Supprimer l'album « ${album.title} » et toutes ses photos ?`)) return;
    try {
      await api.call(deleteAlbum, { params: { id: album.id } });
      router.push('/admin/albums');
    } catch (error) {
      setStatus(failureMessage(error));
    }
  }

  return (
    <div className={styles.page}>
      <AlbumForm
        album={album}
        submitLabel="Enregistrer l'album"
        onSave={async (fields) => {
          await api.call(updateAlbum, { params: { id: album.id }, body: fields });
          router.refresh();
        }}
      />
      <section className={controls.section} aria-labelledby={`${id}-photos`}>
        <h2 id={`${id}-photos`} className={controls.sectionTitle}>
          Photos et vidéos
        </h2>
        <div className={controls.buttons}>
          <label className={`${controls.button} ${styles.fileButton}`}>
            Ajouter des photos
            <input
              type="file"
              multiple
              accept="image/png,image/jpeg,image/webp,image/gif"
              className={styles.visuallyHidden}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                if (files.length > 0) void uploadFiles(files);
              }}
            />
          </label>
        </div>
        {uploads.length > 0 && (
          <ul className={styles.uploads} aria-label="Envois en cours">
            {uploads.map((upload) => (
              <li key={upload.key}>
                <span>{upload.name}</span>{' '}
                {upload.error ? (
                  <span className={controls.error}>{upload.error}</span>
                ) : (
                  <progress
                    className={styles.progress}
                    max={1}
                    value={upload.progress}
                    aria-label={`Envoi de ${upload.name}`}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
        <p className={controls.status} role="status">
          {status}
        </p>
        <ol className={styles.media}>
          {album.media.map((item, index) => (
            <li key={item.id} className={styles.mediaItem}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the owner's upload */}
              <img src={item.type === 'VIDEO' ? (item.posterUrl ?? '') : item.url} alt="" />
              <div className={styles.page}>
                <MediaFields
                  siteId={siteId}
                  albumId={album.id}
                  item={item}
                  number={index + 1}
                  onSaved={announce}
                />
                <div className={styles.rowActions}>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary} ${controls.small}`}
                    aria-label={`Monter l'élément n°${index + 1}`}
                    disabled={index === 0}
                    onClick={() => void move(item, -1, index + 1)}
                  >
                    Monter
                  </button>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary} ${controls.small}`}
                    aria-label={`Descendre l'élément n°${index + 1}`}
                    disabled={index === album.media.length - 1}
                    onClick={() => void move(item, 1, index + 1)}
                  >
                    Descendre
                  </button>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.dangerButton} ${controls.small}`}
                    aria-label={`Retirer l'élément n°${index + 1}`}
                    onClick={() => void remove(item, index + 1)}
                  >
                    Retirer
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
        <div className={controls.section}>
          <h3 className={controls.sectionTitle}>Ajouter une vidéo</h3>
          <label className={controls.label} htmlFor={`${id}-video-url`}>
            Adresse du fichier vidéo (MP4 ou WebM)
          </label>
          <input
            id={`${id}-video-url`}
            className={controls.control}
            value={video.url}
            placeholder="https://…/video.mp4"
            onChange={(event) => setVideo({ ...video, url: event.target.value })}
          />
          <label className={controls.label} htmlFor={`${id}-video-alt`}>
            Description de la vidéo
          </label>
          <input
            id={`${id}-video-alt`}
            className={controls.control}
            value={video.alt}
            onChange={(event) => setVideo({ ...video, alt: event.target.value })}
          />
          <div className={controls.buttons}>
            <button type="button" className={controls.button} onClick={() => void addVideo()}>
              Ajouter la vidéo
            </button>
          </div>
          {videoError && <p className={controls.error}>{videoError}</p>}
        </div>
      </section>
      <div className={controls.buttons}>
        <button
          type="button"
          className={`${controls.button} ${controls.dangerButton}`}
          onClick={() => void removeAlbum()}
        >
          Supprimer l&apos;album
        </button>
      </div>
    </div>
  );
}
