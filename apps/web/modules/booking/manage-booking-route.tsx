import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getBookableServices } from '../../lib/data/booking.server';
import { parseSiteId } from '../../lib/site-id';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { BOOKING_PATH } from './booking-paths';
import { ManageBookingView } from './manage-booking-view';
import styles from './booking.module.css';

const TITLE = 'Ma réservation';

/**
 * A booking is its customer's alone: not for search engines, and no Referer carries its address
 * to another site.
 */
export const manageBookingMetadata: Metadata = {
  title: TITLE,
  robots: { index: false },
  referrer: 'no-referrer',
};

/**
 * /reservation/<id>: the site's cached shell around the booking's island, the same for
 * every booking (the island reads the id from the address and the token from its query).
 */
export async function ManageBookingRoute({ siteSegment }: { siteSegment: string }) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const services = await getBookableServices(siteId);
  if (services.length === 0) notFound();
  return (
    <>
      <PageHero
        title={TITLE}
        intro={null}
        before={<CrumbTrail trail={[{ label: 'Réserver', href: BOOKING_PATH }]} />}
      />
      <div className={`container ${styles.area}`}>
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Chargement de votre réservation…
            </p>
          }
        >
          <ManageBookingView siteId={siteId} services={services} />
        </Suspense>
      </div>
    </>
  );
}
