import { parseSiteId } from '../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../modules/admin/forms/api-download.server';

/** The site's cookie consent log as CSV, from the API (UTF-8 with BOM, `;` separated, for Excel). */
export async function GET(_request: Request, { params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return new Response(null, { status: 404 });
  return downloadFromApi(siteId, '/admin/consent/csv', '/admin/cookies/export');
}
