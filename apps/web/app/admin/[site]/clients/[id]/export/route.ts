import { parseSiteId } from '../../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../../modules/admin/forms/api-download.server';

/** Everything the site holds about one customer, as JSON, from the API (RGPD). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ site: string; id: string }> },
) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const customerId = parseSiteId(id);
  if (siteId === null || customerId === null) return new Response(null, { status: 404 });
  return downloadFromApi(
    siteId,
    `/admin/customer/${customerId}/export`,
    `/admin/clients/${customerId}/export`,
  );
}
