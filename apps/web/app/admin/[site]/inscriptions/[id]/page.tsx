import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listElementRegistrations } from '@comptoir/contract/admin-registrations';
import { ApiError } from '@comptoir/contract/client';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { registrationFacts } from '../../../../../modules/admin/site-content/registration-format';
import styles from '../../../../../modules/admin/site-content/site-content.module.css';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Inscriptions à un événement' };

/** One event's registrations, oldest first, with the CSV export. */
export default async function EventRegistrationsPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const elementId = parseSiteId(id);
  if (siteId === null || elementId === null) notFound();
  const api = await adminScreenApi(siteId);
  const { element, registrations } = await api
    .call(listElementRegistrations, { params: { id: elementId } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });

  return (
    <div className={styles.page}>
      <p>
        <IntentLink href="/admin/inscriptions">← Tous les événements</IntentLink>
      </p>
      <div>
        <h1>{element.title}</h1>
        <p>{registrationFacts(element)}.</p>
        {registrations.length > 0 && (
          // A file to save, not a screen: the browser downloads it.
          <a
            href={`/admin/inscriptions/${element.id}/export`}
            download
            className={styles.downloadLink}
          >
            Télécharger les inscriptions (CSV pour Excel)
          </a>
        )}
      </div>
      {registrations.length === 0 ? (
        <p>Aucune inscription pour le moment.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Inscriptions à « {element.title} »</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Contact</th>
              <th scope="col">Places</th>
              <th scope="col">Message</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {registrations.map((registration) => (
              <tr key={registration.id}>
                <td>
                  {registration.firstname} {registration.lastname}
                </td>
                <td>
                  <a href={`mailto:${registration.email}`}>{registration.email}</a>
                  {registration.phone && (
                    <>
                      <br />
                      {registration.phone}
                    </>
                  )}
                </td>
                <td>
                  {registration.seats} place{registration.seats > 1 ? 's' : ''}
                </td>
                <td>{registration.message ?? ''}</td>
                <td>
                  <time dateTime={registration.createdAt}>{auditWhen(registration.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
