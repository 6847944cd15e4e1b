import { BUILD_SAMPLE_SITE } from '../../../../lib/site-id';
import {
  ManageBookingRoute,
  manageBookingMetadata,
} from '../../../../modules/booking/manage-booking-route';

/** The shell is the same for every booking: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site without online booking answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = manageBookingMetadata;

/** The build checks the route with a sample booking id; the island reads the real one. */
export async function generateStaticParams() {
  return [{ id: BUILD_SAMPLE_SITE }];
}

/**
 * /reservation/<id>: a booking's confirmation and the page its mail links to, to
 * pay, cancel or move it (decision 0125).
 */
export default async function ManageBookingPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  return <ManageBookingRoute siteSegment={(await params).site} />;
}
