'use client';

import { useId, useRef, useState } from 'react';
import { CATALOGUE_IMAGE_FIELD, uploadCatalogueImage } from '@comptoir/contract/admin-catalogue';
import { failureMessage } from '../../../ui/server-errors';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import styles from './catalogue.module.css';

/**
 * A picture of the catalogue: the file goes to the API at once (checked, reduced, WebP) and the
 * field keeps its address; the product's save makes it public. The picture is shown once saved.
 */
export function ImageField({
  siteId,
  label,
  value,
  savedValue,
  onChange,
}: {
  siteId: number;
  label: string;
  value: string | null;
  savedValue: string | null;
  onChange: (url: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function upload() {
    const file = input.current?.files?.[0];
    if (!file) return;
    setBusy(true);
    setStatus('Envoi de l’image…');
    try {
      const body = new FormData();
      body.append(CATALOGUE_IMAGE_FIELD, file);
      const { url } = await browserApi(siteId).call(uploadCatalogueImage, { body });
      onChange(url);
      setStatus('Image envoyée : elle s’affichera sur le site une fois le produit enregistré.');
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={controls.field}>
      <label className={controls.label} htmlFor={id}>
        {label}
      </label>
      {value && value === savedValue ? (
        // eslint-disable-next-line @next/next/no-img-element -- the back office shows the stored picture as is
        <img src={value} alt="" className={styles.thumb} />
      ) : null}
      <input
        id={id}
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className={controls.control}
        disabled={busy}
        onChange={() => void upload()}
      />
      {value ? (
        <button
          type="button"
          className={`${controls.button} ${controls.secondary} ${controls.small}`}
          onClick={() => {
            onChange(null);
            setStatus('Image retirée (à l’enregistrement).');
          }}
        >
          Retirer l’image
        </button>
      ) : null}
      <p className={controls.hint} role="status">
        {status}
      </p>
    </div>
  );
}
