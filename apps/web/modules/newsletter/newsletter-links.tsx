'use client';

import { IntentLink } from '../../ui/intent-link';
import { useParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import {
  confirmNewsletter,
  NEWSLETTER_CONFIRMED_MESSAGE,
  NEWSLETTER_LINK_INVALID_MESSAGE,
  NEWSLETTER_UNSUBSCRIBED_MESSAGE,
  unsubscribeNewsletter,
  type NewsletterList,
} from '@comptoir/contract/newsletter';
import { FormStatus } from '../../ui/form-status';
import { failureMessage } from '../../ui/server-errors';
import styles from '../account/account.module.css';

/** The secret of a link from a newsletter mail: the route's optional catch-all, one segment. */
function useLinkToken(): string | null {
  const segments = useParams<{ token?: string[] }>().token;
  const value = Array.isArray(segments) ? segments.join('/') : segments;
  return value && value.trim() !== '' ? value : null;
}

type Outcome =
  | { state: 'pending' }
  | { state: 'done'; lists: NewsletterList[] }
  | { state: 'failed'; message: string };

/**
 * The page the confirmation mail links to: opening it confirms (double opt-in). The call is made
 * by the browser once the page is shown, so that a link scanner fetching the URL confirms nothing.
 */
export function NewsletterConfirmation({ siteId }: { siteId: number }) {
  const token = useLinkToken();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'pending' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void import('../account/browser-api')
      .then(({ browserApi }) => browserApi(siteId).call(confirmNewsletter, { body: { token } }))
      .then((lists) => setOutcome({ state: 'done', lists }))
      .catch((error: unknown) => setOutcome({ state: 'failed', message: failureMessage(error) }));
  }, [siteId, token]);

  if (!token) return <p role="alert">{NEWSLETTER_LINK_INVALID_MESSAGE}</p>;
  return (
    <div className={styles.stack}>
      {outcome.state === 'pending' && (
        <p role="status" className={styles.loading}>
          Confirmation de votre inscription…
        </p>
      )}
      {outcome.state === 'done' && (
        <>
          <p role="status">{NEWSLETTER_CONFIRMED_MESSAGE}</p>
          {outcome.lists.length > 0 && (
            <p>
              Vous recevrez {outcome.lists.length === 1 ? 'notre lettre ' : 'nos lettres : '}
              {outcome.lists.map((list) => `« ${list.name} »`).join(', ')}.
            </p>
          )}
          <p>
            Chacune de nos lettres contient un lien pour vous désinscrire en un clic.{' '}
            <IntentLink href="/">Retour à l&apos;accueil</IntentLink>
          </p>
        </>
      )}
      {outcome.state === 'failed' && <p role="alert">{outcome.message}</p>}
    </div>
  );
}

/**
 * The page the unsubscribe link of a newsletter mail opens: one button, so that a link scanner
 * fetching the URL unsubscribes no one. Mail clients use the List-Unsubscribe header instead.
 */
export function NewsletterUnsubscribe({ siteId }: { siteId: number }) {
  const token = useLinkToken();
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (!token) return <p role="alert">{NEWSLETTER_LINK_INVALID_MESSAGE}</p>;

  const unsubscribe = async () => {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      const { browserApi } = await import('../account/browser-api');
      await browserApi(siteId).call(unsubscribeNewsletter, { body: { token } });
      setStatus(NEWSLETTER_UNSUBSCRIBED_MESSAGE);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.stack}>
      {status === null && (
        <>
          <p>
            Vous ne souhaitez plus recevoir nos lettres d&apos;information ? Confirmez ci-dessous :
            votre adresse quittera toutes nos listes.
          </p>
          <p>
            <button
              type="button"
              className="button"
              aria-busy={sending || undefined}
              onClick={() => void unsubscribe()}
            >
              {sending ? 'Désinscription…' : 'Me désinscrire'}
            </button>
          </p>
        </>
      )}
      <FormStatus>{status}</FormStatus>
      {failure && <p role="alert">{failure}</p>}
    </div>
  );
}
