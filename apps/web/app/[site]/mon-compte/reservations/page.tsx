import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getBookableServices } from '../../../../lib/data/booking.server';
import { loadAccountPageSite } from '../../../../modules/account/site-page.server';
import { MyBookings } from '../../../../modules/booking/my-bookings';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Mes réservations',
  robots: { index: false },
};

/** /mon-compte/reservations: the customer's bookings, where the site takes bookings online. */
export default async function AccountBookingsPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  if ((await getBookableServices(siteId)).length === 0) notFound();
  return <MyBookings siteId={siteId} />;
}
