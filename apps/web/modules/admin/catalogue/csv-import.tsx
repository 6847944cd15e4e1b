'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import {
  applyCatalogueImport,
  CATALOGUE_CSV_COLUMNS,
  type CsvImportPreview,
  previewCatalogueImport,
} from '@comptoir/contract/admin-catalogue';
import { ApiError } from '@comptoir/contract/request';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import styles from './catalogue.module.css';

const KIND_LABELS = {
  UPDATE: 'Modification',
  CREATE_DECLINATION: 'Nouvelle déclinaison',
  CREATE_PRODUCT: 'Nouveau produit (non publié sauf colonne publie)',
} as const;

/**
 * The spreadsheet import: the file is read in the browser, checked by the API (what would change,
 * the wrong lines with their numbers), and applied only when the owner confirms the preview.
 */
export function CsvImport({ siteId }: { siteId: number }) {
  const router = useRouter();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvImportPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');

  async function check(event: React.FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setStatus('Choisissez un fichier CSV.');
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      setCsv(text);
      setPreview(await browserApi(siteId).call(previewCatalogueImport, { body: { csv: text } }));
      setStatus('');
    } catch (error) {
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (csv === null) return;
    setBusy(true);
    try {
      const applied = await browserApi(siteId).call(applyCatalogueImport, { body: { csv } });
      notifySuccess(`Import terminé : ${applied.changes.length} ligne(s) appliquée(s).`);
      setStatus(`Import terminé : ${applied.changes.length} ligne(s) appliquée(s).`);
      setPreview(null);
      setCsv(null);
      if (input.current) input.current.value = '';
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        // The catalogue changed since the preview: show the lines as they are now.
        setPreview({
          changes: [],
          lineCount: preview?.lineCount ?? 0,
          errors: error.errors.map((item) => ({
            line: Number(item.key.replace('line.', '')) || 0,
            message: item.error,
          })),
        });
      }
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={controls.section} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={controls.sectionTitle}>
        Importer un fichier CSV
      </h2>
      <p className={controls.hint}>
        Un tableur enregistré en CSV, séparé par des points-virgules ou des virgules, avec des
        décimales à virgule ou à point. Colonnes reconnues : {CATALOGUE_CSV_COLUMNS.join(', ')}.
        Pour changer des stocks, deux colonnes suffisent : id_declinaison et stock (partez de
        l&apos;export). Rien n&apos;est changé avant votre confirmation.
      </p>
      <form onSubmit={(event) => void check(event)} className={styles.inline} noValidate>
        <label className={controls.label} htmlFor={`${ids}-file`}>
          Fichier CSV
        </label>
        <input
          id={`${ids}-file`}
          ref={input}
          type="file"
          accept=".csv,text/csv,text/plain"
          className={controls.control}
          onChange={() => setPreview(null)}
        />
        <button
          type="submit"
          className={`${controls.button} ${controls.secondary}`}
          disabled={busy}
        >
          Vérifier le fichier
        </button>
      </form>
      <p className={controls.status} role="status">
        {status}
      </p>
      {preview ? (
        <div className={styles.preview}>
          {preview.errors.length > 0 ? (
            <>
              <h3 className={styles.previewTitle}>
                {preview.errors.length} ligne(s) à corriger : rien ne sera importé
              </h3>
              <ul className={styles.errors}>
                {preview.errors.map((error) => (
                  <li key={`${error.line}-${error.message}`}>
                    <strong>Ligne {error.line}</strong> : {error.message}
                  </li>
                ))}
              </ul>
            </>
          ) : preview.changes.length === 0 ? (
            <p>Ce fichier ne change rien au catalogue ({preview.lineCount} ligne(s) lue(s)).</p>
          ) : (
            <>
              <h3 className={styles.previewTitle}>
                {preview.changes.length} changement(s) sur {preview.lineCount} ligne(s)
              </h3>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">Ligne</th>
                      <th scope="col">Produit</th>
                      <th scope="col">Changement</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.changes.map((change) => (
                      <tr key={change.line}>
                        <td>{change.line}</td>
                        <td>
                          {change.productName}
                          <span className={styles.kind}> — {KIND_LABELS[change.kind]}</span>
                        </td>
                        <td>
                          <ul className={styles.changeList}>
                            {Object.entries(change.fields).map(([field, [before, after]]) => (
                              <li key={field}>
                                {field} : {before ?? '—'} → <strong>{after ?? '—'}</strong>
                              </li>
                            ))}
                          </ul>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className={controls.buttons}>
                <button
                  type="button"
                  className={controls.button}
                  disabled={busy}
                  onClick={() => void apply()}
                >
                  Appliquer ces changements
                </button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
