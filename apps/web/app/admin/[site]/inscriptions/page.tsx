import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listRegistrationElements } from '@comptoir/contract/admin-registrations';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { registrationFacts } from '../../../../modules/admin/site-content/registration-format';
import styles from '../../../../modules/admin/messages/messages.module.css';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Inscriptions' };

/** The events visitors register to, each with its seats taken against its capacity. */
export default async function RegistrationsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const events = await (await adminScreenApi(siteId)).call(listRegistrationElements);
  return (
    <>
      <h1>Inscriptions</h1>
      <p>
        Les inscriptions des visiteurs aux événements du site. Le nombre de places d&apos;un
        événement se règle dans ses{' '}
        <IntentLink href="/admin/elements">listes d&apos;éléments</IntentLink>.
      </p>
      {events.length === 0 ? (
        <p>Aucun événement du site ne prend d&apos;inscriptions.</p>
      ) : (
        <ul className={styles.list}>
          {events.map((event) => (
            <li key={event.id}>
              <IntentLink href={`/admin/inscriptions/${event.id}`} className={styles.item}>
                <span className={styles.itemHead}>
                  <span className={styles.from}>{event.title}</span>
                  <span className={styles.date}>{event.listName}</span>
                </span>
                <span className={styles.excerpt}>{registrationFacts(event)}</span>
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
