import { parseSiteId } from '../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../modules/admin/forms/api-download.server';
import { dateParam, screenHref } from '../../../../../modules/admin/orders/screen-query';

/** The accountant's CSV of a period's orders, from the API. */
export async function GET(request: Request, { params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return new Response(null, { status: 404 });
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const range = { from: dateParam(query, 'du'), to: dateParam(query, 'au') };
  return downloadFromApi(
    siteId,
    screenHref('/admin/order/export', range),
    screenHref('/admin/commandes/export', { du: range.from, au: range.to }),
  );
}
