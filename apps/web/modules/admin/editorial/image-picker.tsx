'use client';

import { useId, useState } from 'react';
import { uploadContentImage, type ContentImage } from '@comptoir/contract/admin-editorial';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import { Field } from './editorial-fields';
import styles from './editorial.module.css';
import { uploadWithProgress } from './upload-with-progress';

/**
 * A picture field: the address of an image (uploaded here, or https), with its preview, a button
 * to send one from the computer or phone (with its progress) and one to remove it.
 */
export function ImagePicker({
  siteId,
  label,
  value,
  error,
  onChange,
}: {
  siteId: number;
  label: string;
  value: string | null;
  error?: string;
  onChange: (url: string | null) => void;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');

  async function upload(file: File) {
    setStatus('');
    setProgress(0);
    try {
      const image = await uploadWithProgress<ContentImage>(
        siteId,
        uploadContentImage.path,
        file,
        setProgress,
      );
      onChange(image.url);
      setStatus('Image envoyée.');
    } catch (failure) {
      setStatus(failureMessage(failure));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Field
      id={`${id}-url`}
      label={label}
      optional
      error={error}
      hint="Une image envoyée ici, ou une adresse https://."
    >
      {value && (
        // eslint-disable-next-line @next/next/no-img-element -- the owner's upload, any size
        <img className={styles.thumbnail} src={value} alt="" />
      )}
      <input
        id={`${id}-url`}
        className={controls.control}
        value={value ?? ''}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value || null)}
      />
      <div className={controls.buttons}>
        <label className={`${controls.button} ${controls.secondary} ${styles.fileButton}`}>
          Envoyer une image
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className={styles.visuallyHidden}
            aria-label={`Envoyer une image : ${label}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
        {value && (
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => onChange(null)}
          >
            Retirer l&apos;image
          </button>
        )}
      </div>
      {progress !== null && (
        <progress
          className={styles.progress}
          max={1}
          value={progress}
          aria-label="Envoi de l'image"
        />
      )}
      <p className={controls.status} role="status">
        {status}
      </p>
    </Field>
  );
}
