import 'server-only';
import { createApiClient } from '@comptoir/contract/client';
import { DEFAULT_LANG } from '@comptoir/contract/headers';
import { apiUrl } from './env';
import { fetchWithRequestId } from './request-id';

/**
 * The typed API client for one site, as the server calls it (anonymous: public data only), with
 * the storefront's request id (lib/request-id.ts).
 */
export function siteApi(siteId: number) {
  return createApiClient({
    baseUrl: apiUrl(),
    siteId,
    lang: DEFAULT_LANG,
    fetch: fetchWithRequestId,
  });
}
