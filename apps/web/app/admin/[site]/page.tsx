import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAuditEntries } from '@comptoir/contract/admin-audit';
import { getAgenda } from '@comptoir/contract/admin-booking';
import { listFormsWithAnswers } from '@comptoir/contract/admin-forms';
import { listContactMessages } from '@comptoir/contract/admin-messages';
import { listAdminOrders } from '@comptoir/contract/admin-orders';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { parseSiteId } from '../../../lib/site-id';
import { AuditEntryList, auditWhen } from '../../../modules/admin/audit/audit-entry-list';
import { addDays, isActiveBooking } from '../../../modules/admin/booking/agenda-model';
import styles from '../../../modules/admin/dashboard/dashboard.module.css';
import { adminScreenApi } from '../../../modules/admin/frame/admin-session.server';
import { OrderTable } from '../../../modules/admin/orders/order-table';
import { IntentLink } from '../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Tableau de bord' };

/** The back office's home: what changed lately, and what waits for the owner. */
export default async function DashboardPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const today = todayInFrance();
  const [todays, pickups, recent, inbox, forms, agenda] = await Promise.all([
    api.call(listAdminOrders, { query: { from: today, to: today, nbItem: 5 } }),
    api.call(listAdminOrders, { query: { slotDate: today, nbItem: 1 } }),
    api.call(listAuditEntries, { query: { nbItem: 5 } }),
    api.call(listContactMessages, { query: { nbItem: 3, unread: 'true' } }),
    api.call(listFormsWithAnswers),
    api.call(getAgenda, { query: { from: today, to: addDays(today, 7) } }),
  ]);
  const coming = agenda.bookings.filter(isActiveBooking);
  const bookedToday = coming.filter((booking) => booking.localDate === today).length;
  const answered = forms
    .filter((form) => form.lastAnswerAt !== null)
    .sort((a, b) => (b.lastAnswerAt ?? '').localeCompare(a.lastAnswerAt ?? ''));
  const answerCount = forms.reduce((sum, form) => sum + form.answerCount, 0);

  return (
    <>
      <h1>Tableau de bord</h1>
      <div className={styles.grid}>
        <section aria-labelledby="commandes-du-jour" className={styles.wide}>
          <h2 id="commandes-du-jour">Commandes du jour</h2>
          <p>
            <span className={styles.figure}>{todays.total}</span>
            commande{todays.total > 1 ? 's' : ''} passée{todays.total > 1 ? 's' : ''} aujourd’hui.
          </p>
          {todays.list.length > 0 && (
            <OrderTable orders={todays.list} caption="Les dernières commandes du jour" />
          )}
          <p>
            <IntentLink href="/admin/commandes">Voir les commandes</IntentLink>
            {' · '}
            <a href={`/admin/commandes?livraison=CLICK_AND_COLLECT&retrait=${today}`}>
              {pickups.total} retrait{pickups.total > 1 ? 's' : ''} prévu
              {pickups.total > 1 ? 's' : ''} aujourd’hui
            </a>
          </p>
        </section>
        {agenda.resources.length > 0 && (
          <section aria-labelledby="reservations">
            <h2 id="reservations">Réservations</h2>
            <p>
              <span className={styles.figure}>{bookedToday}</span>
              réservation{bookedToday > 1 ? 's' : ''} aujourd’hui, {coming.length} sur les 7
              prochains jours.
            </p>
            <p>
              <IntentLink href="/admin/agenda">Voir l’agenda</IntentLink>
              {' · '}
              <IntentLink href="/admin/agenda?vue=semaine">La semaine</IntentLink>
            </p>
          </section>
        )}
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
        <section aria-labelledby="reponses-formulaires">
          <h2 id="reponses-formulaires">Réponses aux formulaires</h2>
          <p>
            <span className={styles.figure}>{answerCount}</span>
            réponse{answerCount > 1 ? 's' : ''} reçue{answerCount > 1 ? 's' : ''} en tout.
          </p>
          {answered.length > 0 && (
            <ul>
              {answered.slice(0, 3).map((form) => (
                <li key={form.id}>
                  <IntentLink href={`/admin/formulaires/${form.id}`}>
                    {form.title} ({form.answerCount}) — dernière le {auditWhen(form.lastAnswerAt!)}
                  </IntentLink>
                </li>
              ))}
            </ul>
          )}
          <p>
            <IntentLink href="/admin/formulaires">Voir les formulaires</IntentLink>
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
