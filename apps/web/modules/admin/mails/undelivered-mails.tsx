'use client';

import { useState } from 'react';
import {
  listUndeliveredMails,
  resendAllUndeliveredMails,
  resendUndeliveredMail,
  type UndeliveredMail,
} from '@comptoir/contract/admin-mails';
import { browserApi } from '../../account/browser-api';
import controls from '../admin-controls.module.css';
import { useAdminStatus } from '../frame/admin-list';
import styles from './undelivered-mails.module.css';

const DATE = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function formatMailDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** Where the mail stands, in a few words. */
export function mailState(mail: UndeliveredMail): string {
  if (mail.status === 'sent') return 'Envoyé depuis';
  if (mail.status === 'failed') {
    return `Abandonné après ${mail.attempts} essai${mail.attempts > 1 ? 's' : ''}`;
  }
  if (mail.attempts === 0) return 'Renvoi demandé : envoi dans un instant';
  const refused = `${mail.attempts} essai${mail.attempts > 1 ? 's' : ''} refusé${mail.attempts > 1 ? 's' : ''} jusqu’ici`;
  return mail.nextAttemptAt
    ? `Nouvel essai le ${formatMailDate(mail.nextAttemptAt)} (${refused})`
    : `Nouvel essai bientôt (${refused})`;
}

/**
 * The site's mails the mail server refused (decision 0115): those the delivery job still retries,
 * with their attempts and next try, and those it gave up on, which « Renvoyer » (one) or « Tout
 * renvoyer » put back in the queue. The addresses are the site's own customers': shown whole.
 */
export function UndeliveredMails({
  siteId,
  initial,
}: {
  siteId: number;
  initial: UndeliveredMail[];
}) {
  const api = browserApi(siteId);
  const [mails, setMails] = useState(initial);
  const { status, busy, run } = useAdminStatus();
  const failedCount = mails.filter((mail) => mail.status === 'failed').length;

  return (
    <section className={controls.section} aria-labelledby="emails-non-envoyes">
      <h2 id="emails-non-envoyes" className={controls.sectionTitle}>
        {mails.length === 0
          ? 'Aucun e-mail en attente'
          : `${mails.length} e-mail${mails.length > 1 ? 's' : ''} non envoyé${mails.length > 1 ? 's' : ''}, dont ${failedCount} abandonné${failedCount > 1 ? 's' : ''}`}
      </h2>
      {mails.length === 0 ? (
        <p className={controls.hint}>
          Tous les e-mails du site sont partis. Si le serveur d’envoi refuse un e-mail, il apparaît
          ici avec la raison du refus.
        </p>
      ) : (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={controls.button}
            disabled={busy || failedCount === 0}
            onClick={() =>
              run(async () => {
                const { resent } = await api.call(resendAllUndeliveredMails);
                setMails((await api.call(listUndeliveredMails)).list);
                return resent === 0
                  ? 'Aucun e-mail abandonné à renvoyer.'
                  : `${resent} e-mail${resent > 1 ? 's' : ''} remis dans la file d’envoi.`;
              })
            }
          >
            Tout renvoyer
          </button>
        </div>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
      {mails.length > 0 && (
        <ul className={styles.mails}>
          {mails.map((mail) => (
            <li key={mail.id} className={styles.mail} data-testid="undelivered-mail">
              <h3 className={styles.subject}>{mail.subject}</h3>
              <p className={styles.meta}>
                À {mail.recipient} · écrit le {formatMailDate(mail.createdAt)}
              </p>
              <p className={styles.meta}>
                <span className={styles.state}>{mailState(mail)}</span>
              </p>
              {mail.error && <p className={styles.reason}>{mail.error}</p>}
              {mail.status === 'failed' && (
                <span className={controls.buttons}>
                  <button
                    type="button"
                    className={`${controls.button} ${controls.secondary} ${controls.small}`}
                    disabled={busy}
                    aria-label={`Renvoyer l’e-mail « ${mail.subject} » à ${mail.recipient}`}
                    onClick={() =>
                      run(async () => {
                        const saved = await api.call(resendUndeliveredMail, {
                          params: { id: mail.id },
                        });
                        setMails((current) =>
                          current.map((item) => (item.id === saved.id ? saved : item)),
                        );
                        return `E-mail « ${saved.subject} » remis dans la file d’envoi.`;
                      })
                    }
                  >
                    Renvoyer
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
