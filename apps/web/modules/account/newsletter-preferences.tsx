'use client';

import { useId, useState } from 'react';
import type { NewsletterSubscriptionState } from '@comptoir/contract/newsletter';
import { FormStatus } from '../../ui/form-status';
import { failureMessage } from '../../ui/server-errors';
import { notifyError } from '../../ui/toaster';
import { useNewsletterSubscriptions } from './newsletter-subscriptions';
import styles from './account.module.css';

/** One switch per newsletter list; each change is saved at once. */
export function NewsletterPreferences({ siteId }: { siteId: number }) {
  const { lists, loadError, subscribeTo } = useNewsletterSubscriptions(siteId);
  const [savingId, setSavingId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const toggle = async (list: NewsletterSubscriptionState) => {
    if (!lists || savingId !== null) return;
    const subscribe = !list.subscribed;
    const wanted = lists
      .filter((candidate) => (candidate.id === list.id ? subscribe : candidate.subscribed))
      .map((candidate) => candidate.id);
    setSavingId(list.id);
    setStatus(null);
    try {
      await subscribeTo(wanted);
      setStatus(
        subscribe
          ? `Vous êtes abonné à « ${list.name} ».`
          : `Vous n'êtes plus abonné à « ${list.name} ».`,
      );
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setSavingId(null);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="lettres-information">
      <h2 id="lettres-information" className={styles.panelTitle}>
        Mes lettres d&apos;information
      </h2>
      <p className={styles.cardIntro}>
        Choisissez les lettres que vous souhaitez recevoir à votre adresse e-mail. Vous pouvez
        changer d&apos;avis à tout moment.
      </p>
      {loadError ? (
        <p role="alert">{loadError}</p>
      ) : lists === null ? (
        <p role="status" className={styles.loading}>
          Chargement de vos abonnements…
        </p>
      ) : (
        <ul className={styles.lists} role="list">
          {lists.map((list) => (
            <NewsletterListRow
              key={list.id}
              list={list}
              saving={savingId === list.id}
              onToggle={() => void toggle(list)}
            />
          ))}
        </ul>
      )}
      <FormStatus>{status}</FormStatus>
    </section>
  );
}

interface NewsletterListRowProps {
  list: NewsletterSubscriptionState;
  saving: boolean;
  onToggle: () => void;
}

function NewsletterListRow({ list, saving, onToggle }: NewsletterListRowProps) {
  const nameId = useId();
  const descriptionId = useId();
  return (
    <li className={styles.listItem}>
      <div>
        <p id={nameId} className={styles.listName}>
          {list.name}
        </p>
        {list.description && (
          <p id={descriptionId} className={styles.listDescription}>
            {list.description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={list.subscribed}
        aria-labelledby={nameId}
        aria-describedby={list.description ? descriptionId : undefined}
        aria-busy={saving || undefined}
        className={styles.switch}
        onClick={() => {
          if (!saving) onToggle();
        }}
      >
        <span className={styles.switchTrack} aria-hidden="true" />
        <span className={styles.switchState} aria-hidden="true">
          {list.subscribed ? 'Abonné' : 'Non abonné'}
        </span>
      </button>
    </li>
  );
}
