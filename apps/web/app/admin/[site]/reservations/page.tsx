import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminBookableServices, listResources } from '@comptoir/contract/admin-booking';
import { listAdminServices } from '@comptoir/contract/admin-services';
import { parseSiteId } from '../../../../lib/site-id';
import { BookingSettings } from '../../../../modules/admin/booking/booking-settings';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { IntentLink } from '../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Réglages des réservations' };

/** The people and places booked, and the services visitors (or the owner) book. */
export default async function BookingSettingsPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const [{ resources }, { services }, servicePages] = await Promise.all([
    api.call(listResources),
    api.call(listAdminBookableServices),
    api.call(listAdminServices),
  ]);
  return (
    <>
      <h1>Réglages des réservations</h1>
      <p>
        Les ressources (personnes et lieux) et leurs horaires, puis les prestations qu’on réserve.
        Les horaires libres proposés en ligne en découlent ; les réservations se suivent dans{' '}
        <IntentLink href="/admin/agenda">l’agenda</IntentLink>.
      </p>
      <BookingSettings
        siteId={siteId}
        resources={resources}
        services={services}
        servicePages={servicePages.map((page) => ({ id: page.id, title: page.title }))}
      />
    </>
  );
}
