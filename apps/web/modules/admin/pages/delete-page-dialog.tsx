'use client';

import { useEffect, useRef, useState } from 'react';
import type { AdminPage } from '@comptoir/contract/admin-pages';
import { failureMessage } from '../../../ui/server-errors';
import styles from './admin-pages.module.css';

export interface DeletePageDialogProps {
  page: AdminPage;
  pages: AdminPage[];
  onConfirm: (idRedirectPage: number) => Promise<void>;
  onCancel: () => void;
}

/**
 * Deleting a page asks where its address should lead from now on (its parent, or the home page,
 * by default), says what will happen, and waits for a confirmation.
 */
export function DeletePageDialog({ page, pages, onConfirm, onCancel }: DeletePageDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const targets = pages.filter((candidate) => candidate.id !== page.id);
  const initial =
    targets.find((candidate) => candidate.id === page.idParent) ??
    targets.find((candidate) => candidate.url === '/') ??
    targets[0];
  const [target, setTarget] = useState<string>(initial ? String(initial.id) : '');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasChildren = pages.some((candidate) => candidate.idParent === page.id);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(Number(target));
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="titre-suppression"
      onClose={onCancel}
    >
      <h2 id="titre-suppression">Supprimer « {page.title} » ?</h2>
      {hasChildren ? (
        <p>
          Cette page a des sous-pages : déplacez-les ou supprimez-les d’abord, puis revenez la
          supprimer.
        </p>
      ) : (
        <>
          <p>
            La page et son contenu seront supprimés. Les visiteurs qui ouvriront{' '}
            <code>{page.url}</code> (un favori, un moteur de recherche) seront redirigés
            définitivement vers la page choisie ci-dessous.
          </p>
          <div className={styles.selectField}>
            <label htmlFor="cible-redirection">Rediriger {page.url} vers</label>
            <select
              id="cible-redirection"
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              {targets.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.title} ({candidate.url})
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        {!hasChildren && (
          <button
            type="button"
            className={styles.dangerStrong}
            disabled={busy || !target}
            onClick={() => void confirm()}
          >
            {busy ? 'Suppression…' : 'Supprimer et rediriger'}
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Annuler
        </button>
      </div>
    </dialog>
  );
}
