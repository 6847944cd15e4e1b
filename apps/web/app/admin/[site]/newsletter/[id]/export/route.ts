import { parseSiteId } from '../../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../../modules/admin/forms/api-download.server';

/** The CSV of one list's subscribers, from the API (UTF-8 with BOM, `;` separated, for Excel). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ site: string; id: string }> },
) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const listId = parseSiteId(id);
  if (siteId === null || listId === null) return new Response(null, { status: 404 });
  return downloadFromApi(
    siteId,
    `/admin/newsletter/list/${listId}/subscriber/csv`,
    `/admin/newsletter/${listId}/export`,
  );
}
