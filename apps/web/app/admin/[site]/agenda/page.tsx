import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import {
  getAgenda,
  listAdminBookableServices,
  listResources,
} from '@comptoir/contract/admin-booking';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { parseSiteId } from '../../../../lib/site-id';
import controls from '../../../../modules/admin/admin-controls.module.css';
import styles from '../../../../modules/admin/booking/booking.module.css';
import { Agenda } from '../../../../modules/admin/booking/agenda';
import {
  AgendaExport,
  agendaColumns,
  agendaScreen,
  agendaTitle,
  AgendaToolbar,
} from '../../../../modules/admin/booking/agenda-screen';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import type { ScreenQuery } from '../../../../modules/admin/orders/screen-query';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Agenda' };

interface AgendaPageProps {
  params: Promise<{ site: string }>;
  searchParams: Promise<ScreenQuery>;
}

/**
 * The bookings of a day (every resource side by side) or of a week (one resource), where the
 * owner adds the ones taken on the phone, moves, cancels and marks them (decision 0126).
 */
export default async function AgendaPage({ params, searchParams }: AgendaPageProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  // The session first: the page is the user's, drawn at request time (the day, the clock).
  const api = await adminScreenApi(siteId);
  const today = todayInFrance();
  const screen = agendaScreen(await searchParams, today);
  const [{ resources }, { services }, agenda] = await Promise.all([
    api.call(listResources),
    api.call(listAdminBookableServices),
    api.call(getAgenda, { query: { from: screen.from, to: screen.to } }),
  ]);
  const columns = agendaColumns(screen, resources);
  return (
    <>
      <h1>Agenda</h1>
      <div className={styles.screen}>
        <AgendaToolbar screen={screen} resources={resources} today={today} />
        <h2 className={controls.sectionTitle}>{agendaTitle(screen, columns)}</h2>
        {columns.length === 0 ? (
          <p>
            Aucune ressource à afficher : ajoutez les personnes et les lieux que vos prestations
            réservent dans{' '}
            <IntentLink href="/admin/reservations">les réglages des réservations</IntentLink>.
          </p>
        ) : (
          <Agenda
            key={`${screen.view}-${screen.from}-${screen.resourceId ?? ''}`}
            siteId={siteId}
            view={screen.view}
            columns={columns}
            bookings={agenda.bookings}
            resources={resources}
            services={services}
            date={screen.from < today && screen.view === 'week' ? today : screen.from}
            now={new Date().toISOString()}
          />
        )}
        <AgendaExport screen={screen} />
      </div>
    </>
  );
}
