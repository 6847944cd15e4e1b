import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError } from '@comptoir/contract/client';
import { getContactMessage } from '@comptoir/contract/admin-messages';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { MessageActions } from '../../../../../modules/admin/messages/message-actions';
import styles from '../../../../../modules/admin/messages/messages.module.css';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Message' };

interface MessagePageProps {
  params: Promise<{ site: string; id: string }>;
}

/** One contact message, whole, with what the owner can do with it. */
export default async function MessagePage({ params }: MessagePageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const messageId = parseSiteId(id);
  if (siteId === null || messageId === null) notFound();
  const api = await adminScreenApi(siteId);
  const message = await api
    .call(getContactMessage, { params: { id: messageId } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });

  return (
    <>
      <p>
        <IntentLink href="/admin/messages">← Tous les messages</IntentLink>
      </p>
      <h1>
        Message de {message.firstname} {message.lastname}
      </h1>
      <article className={styles.card} aria-labelledby="objet-message">
        <h2 id="objet-message">{message.subject ?? 'Sans objet'}</h2>
        <dl className={styles.details}>
          <dt>Reçu le</dt>
          <dd>
            <time dateTime={message.createdAt}>{auditWhen(message.createdAt)}</time>
          </dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${message.email}`}>{message.email}</a>
          </dd>
          <dt>Téléphone</dt>
          <dd>{message.phone ?? 'non renseigné'}</dd>
          {message.repliedAt && (
            <>
              <dt>Répondu le</dt>
              <dd>
                <time dateTime={message.repliedAt}>{auditWhen(message.repliedAt)}</time>
              </dd>
            </>
          )}
        </dl>
        <p className={styles.body}>{message.message}</p>
      </article>
      <MessageActions
        siteId={siteId}
        messageId={message.id}
        isRead={message.readAt !== null}
        defaultSubject={`Re : ${message.subject ?? 'votre message'}`}
      />
    </>
  );
}
