'use client';

import { useEffect, useRef, useState } from 'react';
import type { AdminForm } from '@comptoir/contract/admin-forms';
import { failureMessage } from '../../../ui/server-errors';
import styles from './form-builder.module.css';

export interface DeleteFormDialogProps {
  form: AdminForm;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}

/**
 * Deleting a form says what goes with it (its answers) and waits for a confirmation; a form still
 * shown on a page is not deleted: the owner is told which pages to change first.
 */
export function DeleteFormDialog({ form, onConfirm, onCancel }: DeleteFormDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = form.pages.length > 0;

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby="titre-suppression-formulaire"
      onClose={onCancel}
    >
      <h2 id="titre-suppression-formulaire">Supprimer « {form.title} » ?</h2>
      {shown ? (
        <>
          <p>Ce formulaire est affiché sur ces pages : retirez-en le bloc d’abord.</p>
          <ul className={styles.placements}>
            {form.pages.map((page) => (
              <li key={page.id}>
                {page.title} ({page.url})
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {form.answerCount === 0
            ? 'Le formulaire n’a reçu aucune réponse.'
            : form.answerCount === 1
              ? 'Sa réponse sera supprimée avec lui : téléchargez-la d’abord si vous voulez la garder.'
              : `Ses ${form.answerCount} réponses seront supprimées avec lui : téléchargez-les d’abord si vous voulez les garder.`}
        </p>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        {!shown && (
          <button
            type="button"
            className={styles.dangerStrong}
            disabled={busy}
            onClick={() => void confirm()}
          >
            {busy ? 'Suppression…' : 'Supprimer définitivement'}
          </button>
        )}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Annuler
        </button>
      </div>
    </dialog>
  );
}
