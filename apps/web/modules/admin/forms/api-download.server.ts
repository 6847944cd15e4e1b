import 'server-only';
import { cookies } from 'next/headers';
import { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from '@comptoir/contract/headers';
import { apiUrl } from '../../../lib/env';
import { loginPathFor } from '../../account/account-paths';

/** The headers of the API's file answer a browser needs to save or show it safely. */
const PASSED_HEADERS = [
  'content-type',
  'content-disposition',
  'content-length',
  'cache-control',
  'x-content-type-options',
  'content-security-policy',
];

/**
 * A file the API serves to administrators (a form answer's upload, a CSV export), handed to the
 * browser as the API answered it. A plain link cannot send the siteId header the API needs, so
 * the back office's route handlers call it on the server with the session's token; the API checks
 * the role and the site as for any other call.
 */
export async function downloadFromApi(
  siteId: number,
  apiPath: string,
  publicPath: string,
): Promise<Response> {
  const token = (await cookies()).get('token')?.value;
  if (!token) {
    return new Response(null, { status: 307, headers: { location: loginPathFor(publicPath) } });
  }
  const answer = await fetch(`${apiUrl()}${apiPath}`, {
    headers: {
      [SITE_ID_HEADER]: String(siteId),
      [USER_LANG_HEADER]: DEFAULT_LANG,
      authorization: `Bearer ${token}`,
    },
    cache: 'no-store',
  });
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
