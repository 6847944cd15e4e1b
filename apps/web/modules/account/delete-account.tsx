'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { failureMessage } from '../../ui/server-errors';
import { notifyError, notifySuccess } from '../../ui/toaster';
import formStyles from '../../ui/forms.module.css';
import { useModalStore } from '../modal/modal-store';
import { browserApi } from './browser-api';
import { endSessionOn401 } from './use-account-failure';
import styles from './account.module.css';

const CONFIRMATION_KEY = 'delete-account';

/**
 * Account erasure (DELETE /user). It cannot be undone, so it is confirmed in the layout's modal
 * container (docs/requirements/storefront-layout.md: Escape or a click on the backdrop closes it).
 */
export function DeleteAccount({ siteId }: { siteId: number }) {
  const openModal = useModalStore((state) => state.openModal);
  return (
    <section className={styles.dangerZone} aria-labelledby="supprimer-compte">
      <h2 id="supprimer-compte" className={styles.panelTitle}>
        Supprimer mon compte
      </h2>
      <p>
        La suppression efface votre compte et les données qui y sont rattachées : vos informations
        personnelles, vos abonnements aux lettres d&apos;information et votre panier. Elle est
        immédiate et définitive.
      </p>
      <button
        type="button"
        className={`button ${formStyles.danger}`}
        onClick={() =>
          openModal({
            key: CONFIRMATION_KEY,
            title: 'Supprimer votre compte ?',
            content: <DeleteAccountConfirmation siteId={siteId} />,
          })
        }
      >
        Supprimer mon compte
      </button>
    </section>
  );
}

function DeleteAccountConfirmation({ siteId }: { siteId: number }) {
  const router = useRouter();
  const closeModal = useModalStore((state) => state.closeModal);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    try {
      // Loaded on confirmation: the account page's first load stays without the schemas.
      const [{ deleteUser }, { forgetSession }] = await Promise.all([
        import('@comptoir/contract/user'),
        import('./session-actions'),
      ]);
      await browserApi(siteId).call(deleteUser);
      forgetSession();
      closeModal(CONFIRMATION_KEY);
      notifySuccess('Votre compte et vos données personnelles sont supprimés.');
      router.replace('/');
    } catch (error) {
      notifyError(failureMessage(error));
      setDeleting(false);
      endSessionOn401(error);
    }
  };

  return (
    <>
      <p>
        Votre compte, vos informations personnelles, vos abonnements aux lettres d&apos;information
        et votre panier seront effacés. Vous ne pourrez plus vous connecter avec cette adresse, sauf
        à créer un nouveau compte. Vos commandes sont conservées pour la durée légale, sans vos
        coordonnées ; une commande en cours doit être livrée, retirée ou annulée avant.
      </p>
      <p>Cette action est irréversible.</p>
      <div className={styles.dialogActions}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => closeModal(CONFIRMATION_KEY)}
        >
          Annuler
        </button>
        <button
          type="button"
          className={`button ${formStyles.danger}`}
          aria-busy={deleting || undefined}
          onClick={() => void confirm()}
        >
          {deleting ? 'Suppression…' : 'Oui, supprimer définitivement'}
        </button>
      </div>
    </>
  );
}
