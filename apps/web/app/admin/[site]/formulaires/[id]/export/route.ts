import { parseSiteId } from '../../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../../modules/admin/forms/api-download.server';

/** The CSV of one form's answers, from the API (UTF-8 with BOM, `;` separated, for Excel). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ site: string; id: string }> },
) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const formId = parseSiteId(id);
  if (siteId === null || formId === null) return new Response(null, { status: 404 });
  return downloadFromApi(
    siteId,
    `/admin/form/${formId}/answer/csv`,
    `/admin/formulaires/${formId}/export`,
  );
}
