import { parseSiteId } from '../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../modules/admin/forms/api-download.server';
import { dateParam, screenHref } from '../../../../../modules/admin/orders/screen-query';

/** The bookings of a date range as CSV, from the API (both days included, as the form says). */
export async function GET(request: Request, { params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return new Response(null, { status: 404 });
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const from = dateParam(query, 'du');
  const last = dateParam(query, 'au');
  if (!from || !last || last < from) {
    return new Response('Choisissez deux dates, la seconde après la première.', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return downloadFromApi(
    siteId,
    screenHref('/admin/booking/export', { from, to: last }),
    screenHref('/admin/agenda/export', { du: from, au: last }),
  );
}
