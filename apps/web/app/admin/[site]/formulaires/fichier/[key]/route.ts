import { STORED_FILE_KEY_PATTERN } from '@comptoir/contract/form';
import { parseSiteId } from '../../../../../../lib/site-id';
import { downloadFromApi } from '../../../../../../modules/admin/forms/api-download.server';

/** A file a visitor sent with a form answer, as the API serves it (type and disposition kept). */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ site: string; key: string }> },
) {
  const { site, key } = await params;
  const siteId = parseSiteId(site);
  if (siteId === null || !STORED_FILE_KEY_PATTERN.test(key)) {
    return new Response(null, { status: 404 });
  }
  return downloadFromApi(siteId, `/file/${key}`, `/admin/formulaires/fichier/${key}`);
}
