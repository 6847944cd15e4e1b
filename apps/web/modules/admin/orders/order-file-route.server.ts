import 'server-only';
import { parseSiteId } from '../../../lib/site-id';
import { downloadFromApi } from '../forms/api-download.server';

/**
 * The route handler of one of an order's files (its invoice, its packing slip): the API's
 * `/admin/order/{id}/{apiFile}`, served at `/admin/commandes/{id}/{screenFile}`.
 */
export function orderFileRoute(apiFile: string, screenFile: string) {
  return async function GET(
    _request: Request,
    { params }: { params: Promise<{ site: string; id: string }> },
  ): Promise<Response> {
    const { site, id } = await params;
    const siteId = parseSiteId(site);
    const orderId = parseSiteId(id);
    if (siteId === null || orderId === null) return new Response(null, { status: 404 });
    return downloadFromApi(
      siteId,
      `/admin/order/${orderId}/${apiFile}`,
      `/admin/commandes/${orderId}/${screenFile}`,
    );
  };
}
