import 'server-only';
import { ApiError } from '@comptoir/contract/client';
import { searchSite, type SearchPage } from '@comptoir/contract/search';
import { siteApi } from '../api-client.server';

export type SearchAnswer = { ok: true; page: SearchPage } | { ok: false; message: string };

/**
 * One page of the site search's results (docs/requirements/search.md), read for each request:
 * the words are the visitor's, never cached. A refused search gives the API's French message.
 */
export async function searchTheSite(
  siteId: number,
  request: { q: string; page: number },
): Promise<SearchAnswer> {
  try {
    const page = await siteApi(siteId).call(searchSite, {
      query: { q: request.q, page: String(request.page) },
    });
    return { ok: true, page };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return { ok: false, message: error.message };
    }
    throw error;
  }
}
