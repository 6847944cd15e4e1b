import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAuditEntries } from '@comptoir/contract/admin-audit';
import { listContactMessages } from '@comptoir/contract/admin-messages';
import { parseSiteId } from '../../../lib/site-id';
import { AuditEntryList } from '../../../modules/admin/audit/audit-entry-list';
import styles from '../../../modules/admin/dashboard/dashboard.module.css';
import { adminScreenApi } from '../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Tableau de bord' };

/** The back office's home: what changed lately, and what waits for the owner. */
export default async function DashboardPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const [recent, inbox] = await Promise.all([
    api.call(listAuditEntries, { query: { nbItem: 5 } }),
    api.call(listContactMessages, { query: { nbItem: 3, unread: 'true' } }),
  ]);

  return (
    <>
      <h1>Tableau de bord</h1>
      <div className={styles.grid}>
        <section aria-labelledby="messages-non-lus">
          <h2 id="messages-non-lus">Messages non lus</h2>
          <p>
            <span className={styles.figure}>{inbox.unread}</span>
            {inbox.unread > 1 ? 'messages attendent' : 'message attend'} votre lecture.
          </p>
          {inbox.list.length > 0 && (
            <ul>
              {inbox.list.map((message) => (
                <li key={message.id}>
                  <IntentLink href={`/admin/messages/${message.id}`}>
                    {message.firstname} {message.lastname}
                    {message.subject ? ` — ${message.subject}` : ''}
                  </IntentLink>
                </li>
              ))}
            </ul>
          )}
          <p>
            <IntentLink href="/admin/messages">Voir les messages</IntentLink>
          </p>
        </section>
        <section aria-labelledby="dernieres-modifications" className={styles.wide}>
          <h2 id="dernieres-modifications">Dernières modifications</h2>
          {recent.list.length === 0 ? (
            <p>Aucune modification pour le moment.</p>
          ) : (
            <AuditEntryList entries={recent.list} withChanges={false} />
          )}
          <p>
            <IntentLink href="/admin/journal">Tout le journal ({recent.total})</IntentLink>
          </p>
        </section>
      </div>
    </>
  );
}
