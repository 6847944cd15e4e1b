import { parseSiteId } from '../../../../lib/site-id';
import { downloadFromApi } from '../../../../modules/admin/forms/api-download.server';

/**
 * The customer's own data as a JSON file (GET /user/data, decision 0110): a plain link cannot
 * send the siteId header, so the storefront's server asks the API with the session's cookie.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return new Response(null, { status: 404 });
  return downloadFromApi(siteId, '/user/data', '/mon-compte/mes-donnees');
}
