'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import {
  deleteLogo,
  LOGO_ALT_FIELD,
  LOGO_IMAGE_FIELD,
  LOGO_IMAGE_MAX_BYTES,
  LOGO_IMAGE_TOO_LARGE_MESSAGE,
  LOGO_TYPE_LABELS,
  logoAltSchema,
  saveLogoAlt,
  uploadLogo,
  type LogoType,
} from '@comptoir/contract/admin-theme';
import { ApiError } from '@comptoir/contract/request';
import { LOGO_TYPES, type Logo } from '@comptoir/contract/site';
import { browserApi } from '../../account/browser-api';
import { failureMessage } from '../../../ui/server-errors';
import controls from '../admin-controls.module.css';
import styles from './theme.module.css';

const LOGO_HINTS: Record<LogoType, string> = {
  LOGO: "Affiché dans l'en-tête de chaque page.",
  LOGO_FOOTER: 'Affiché dans le pied de page.',
  LOGO_FAVICON: "L'icône de l'onglet du navigateur : une image carrée de préférence.",
  LOGO_LIGHT_THEME: 'Utilisé sur les fonds clairs, à la place du logo principal.',
  LOGO_DARK_THEME: 'Utilisé sur les fonds sombres et avec le thème sombre.',
};

function LogoCard({
  siteId,
  type,
  logo,
  onChange,
}: {
  siteId: number;
  type: LogoType;
  logo: Logo | undefined;
  onChange: (type: LogoType, logo: Logo | undefined) => void;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState(logo?.alt ?? '');
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          image: error.errors.find((item) => item.key === LOGO_IMAGE_FIELD)?.error,
          alt: error.errors.find((item) => item.key === LOGO_ALT_FIELD)?.error,
        });
      }
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    const checkedAlt = logoAltSchema.safeParse(alt);
    const found: { image?: string; alt?: string } = {};
    if (!checkedAlt.success) found.alt = checkedAlt.error.issues[0]?.message;
    if (!file && !logo) found.image = 'Choisissez une image.';
    if (file && file.size > LOGO_IMAGE_MAX_BYTES) found.image = LOGO_IMAGE_TOO_LARGE_MESSAGE;
    setErrors(found);
    if (found.alt || found.image || !checkedAlt.success) {
      setStatus('Corrigez les champs signalés.');
      return;
    }
    await run(async () => {
      const api = browserApi(siteId);
      let saved: Logo;
      if (file) {
        const body = new FormData();
        body.append(LOGO_ALT_FIELD, checkedAlt.data);
        body.append(LOGO_IMAGE_FIELD, file);
        saved = await api.call(uploadLogo, { params: { type }, body });
        if (fileInput.current) fileInput.current.value = '';
      } else {
        saved = await api.call(saveLogoAlt, { params: { type }, body: { alt: checkedAlt.data } });
      }
      onChange(type, saved);
      setStatus(file ? 'Logo enregistré.' : 'Texte alternatif enregistré.');
    });
  }

  async function remove() {
    if (!window.confirm(`Supprimer ${LOGO_TYPE_LABELS[type].toLowerCase()} ?`)) return;
    await run(async () => {
      await browserApi(siteId).call(deleteLogo, { params: { type } });
      onChange(type, undefined);
      setAlt('');
      setStatus('Logo supprimé.');
    });
  }

  const url = logo?.onlineImage?.url;
  return (
    <form className={styles.logoCard} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{LOGO_TYPE_LABELS[type]}</h3>
      <p className={controls.hint}>{LOGO_HINTS[type]}</p>
      <div className={styles.logoImage}>
        {url ? (
          // A plain <img>, like the storefront's logos: SVG files or uploads of any size.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={url} alt={logo?.alt ?? ''} />
        ) : (
          <span className={controls.hint}>Aucun logo</span>
        )}
      </div>
      <div className={controls.field}>
        <label htmlFor={`${id}-file`} className={controls.label}>
          {logo ? 'Remplacer par une image' : 'Image'}
        </label>
        <p id={`${id}-file-hint`} className={controls.hint}>
          PNG, JPEG, WebP ou GIF, 5 Mo au plus ; l&apos;image est réduite et optimisée.
        </p>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className={controls.control}
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={`${id}-file-hint${errors.image ? ` ${id}-file-error` : ''}`}
        />
        {errors.image && (
          <p id={`${id}-file-error`} className={controls.error}>
            {errors.image}
          </p>
        )}
      </div>
      <div className={controls.field}>
        <label htmlFor={`${id}-alt`} className={controls.label}>
          Texte alternatif
        </label>
        <input
          id={`${id}-alt`}
          className={controls.control}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={errors.alt ? `${id}-alt-error` : undefined}
        />
        {errors.alt && (
          <p id={`${id}-alt-error`} className={controls.error}>
            {errors.alt}
          </p>
        )}
      </div>
      <div className={controls.buttons}>
        <button type="submit" className={controls.button} disabled={busy}>
          Enregistrer
        </button>
        {logo && (
          <button
            type="button"
            className={`${controls.button} ${controls.dangerButton}`}
            disabled={busy}
            onClick={remove}
          >
            Supprimer
          </button>
        )}
      </div>
      <p role="status" className={controls.status}>
        {status}
      </p>
    </form>
  );
}

/** One card per logo type: its image, an upload that replaces it, its alternative text. */
export function LogoEditor({ siteId, initialLogos }: { siteId: number; initialLogos: Logo[] }) {
  const [logos, setLogos] = useState(initialLogos);
  function onChange(type: LogoType, logo: Logo | undefined) {
    setLogos((current) => [
      ...current.filter((candidate) => candidate.type !== type),
      ...(logo ? [logo] : []),
    ]);
  }
  return (
    <div className={styles.logos}>
      {LOGO_TYPES.map((type) => (
        <LogoCard
          key={type}
          siteId={siteId}
          type={type}
          logo={logos.find((logo) => logo.type === type)}
          onChange={onChange}
        />
      ))}
    </div>
  );
}
