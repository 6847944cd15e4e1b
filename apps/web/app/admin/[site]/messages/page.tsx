import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { INBOX_PAGE_SIZE, listContactMessages } from '@comptoir/contract/admin-messages';
import { parseSiteId } from '../../../../lib/site-id';
import { auditWhen } from '../../../../modules/admin/audit/audit-entry-list';
import pager from '../../../../modules/admin/audit/audit.module.css';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import styles from '../../../../modules/admin/messages/messages.module.css';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Messages' };

interface MessagesPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The contact messages inbox, newest first; unread ones first in weight, or alone. */
export default async function MessagesPage({ params, searchParams }: MessagesPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const query = await searchParams;
  const unreadOnly = query.filtre === 'non-lus';
  const requested = Number(Array.isArray(query.page) ? query.page[0] : (query.page ?? '1'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const api = await adminScreenApi(siteId);
  const { list, total, unread } = await api.call(listContactMessages, {
    query: { page, nbItem: INBOX_PAGE_SIZE, unread: unreadOnly ? 'true' : undefined },
  });
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const linkTo = (target: number) =>
    `/admin/messages?${new URLSearchParams({
      ...(unreadOnly ? { filtre: 'non-lus' } : {}),
      page: String(target),
    }).toString()}`;

  return (
    <>
      <h1>Messages</h1>
      <p>
        Les messages envoyés depuis la page de contact du site.{' '}
        {unread === 0 ? 'Tout est lu.' : `${unread} non lu${unread > 1 ? 's' : ''}.`}
      </p>
      <nav aria-label="Filtrer les messages" className={styles.tabs}>
        <IntentLink href="/admin/messages" aria-current={unreadOnly ? undefined : 'page'}>
          Tous
        </IntentLink>
        <IntentLink
          href="/admin/messages?filtre=non-lus"
          aria-current={unreadOnly ? 'page' : undefined}
        >
          Non lus ({unread})
        </IntentLink>
      </nav>
      {list.length === 0 ? (
        <p>{unreadOnly ? 'Aucun message non lu.' : 'Aucun message pour le moment.'}</p>
      ) : (
        <ul className={styles.list}>
          {list.map((message) => (
            <li key={message.id}>
              <IntentLink
                href={`/admin/messages/${message.id}`}
                className={`${styles.item} ${message.readAt ? '' : styles.unread}`}
              >
                <span className={styles.itemHead}>
                  <span className={styles.from}>
                    {message.firstname} {message.lastname}
                    {message.subject ? ` — ${message.subject}` : ''}
                    {!message.readAt && <span className={styles.badge}>Non lu</span>}
                    {message.repliedAt && (
                      <span className={`${styles.badge} ${styles.badgeMuted}`}>Répondu</span>
                    )}
                  </span>
                  <time className={styles.date} dateTime={message.createdAt}>
                    {auditWhen(message.createdAt)}
                  </time>
                </span>
                <span className={styles.excerpt}>{message.excerpt}</span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages des messages" className={pager.pager}>
          {page > 1 ? <a href={linkTo(page - 1)}>← Plus récents</a> : <span />}
          {page < pages ? <a href={linkTo(page + 1)}>Plus anciens →</a> : <span />}
        </nav>
      )}
    </>
  );
}
