import { BookingPage, bookingMetadata } from '../../../modules/booking/booking-page';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site without online booking answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = bookingMetadata;

/** /reserver: the site's bookable services and their free times (decision 0125). */
export default function ReserverPage({ params }: { params: Promise<{ site: string }> }) {
  return <BookingPage params={params} />;
}
