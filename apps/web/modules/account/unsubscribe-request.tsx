'use client';

import { useState } from 'react';
import { FormStatus } from '../../ui/form-status';
import { failureMessage } from '../../ui/server-errors';
import { notifyError, notifySuccess } from '../../ui/toaster';
import { useNewsletterSubscriptions } from './newsletter-subscriptions';
import styles from './account.module.css';

const UNSUBSCRIBED_MESSAGE = "Vous ne recevrez plus aucune de nos lettres d'information.";

/** Leave every newsletter list at once (PUT /user/newsletter/subscription with no list). */
export function UnsubscribeFromAllLists({ siteId }: { siteId: number }) {
  const { lists, loadError, subscribeTo } = useNewsletterSubscriptions(siteId);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const subscribed = lists?.filter((list) => list.subscribed) ?? [];

  const unsubscribeAll = async () => {
    if (saving) return;
    setSaving(true);
    try {
      await subscribeTo([]);
      setStatus(UNSUBSCRIBED_MESSAGE);
      notifySuccess('Désinscription enregistrée.');
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="desinscription-lettres">
      <h2 id="desinscription-lettres" className={styles.panelTitle}>
        Ne plus recevoir nos lettres d&apos;information
      </h2>
      {loadError ? (
        <p role="alert">{loadError}</p>
      ) : lists === null ? (
        <p role="status" className={styles.loading}>
          Chargement de vos abonnements…
        </p>
      ) : subscribed.length === 0 ? (
        status === null && (
          <p>Vous n&apos;êtes abonné à aucune de nos lettres d&apos;information.</p>
        )
      ) : (
        <>
          <p>
            Vous êtes abonné à{' '}
            {subscribed.length === 1
              ? `notre lettre « ${subscribed[0]?.name} »`
              : `${subscribed.length} de nos lettres : ${subscribed.map((list) => `« ${list.name} »`).join(', ')}`}
            . Un clic suffit pour toutes les quitter ; votre compte est conservé.
          </p>
          <button
            type="button"
            className="button button-secondary"
            aria-busy={saving || undefined}
            onClick={() => void unsubscribeAll()}
          >
            {saving ? 'Désinscription…' : "Me désinscrire de toutes les lettres d'information"}
          </button>
        </>
      )}
      <FormStatus>{status}</FormStatus>
    </section>
  );
}
