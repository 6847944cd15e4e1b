import { parseSiteId } from '../../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../../modules/admin/forms/api-download.server';

/** The CSV of one event's registrations, from the API (UTF-8 with BOM, `;` separated, for Excel). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ site: string; id: string }> },
) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const elementId = parseSiteId(id);
  if (siteId === null || elementId === null) return new Response(null, { status: 404 });
  return downloadFromApi(
    siteId,
    `/admin/registration/${elementId}/csv`,
    `/admin/inscriptions/${elementId}/export`,
  );
}
