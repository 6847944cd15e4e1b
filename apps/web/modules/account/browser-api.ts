import { createApiClient } from '@comptoir/contract/client';

/** The browser's own API origin: proxy.ts forwards /api/* to the API, cookies included. */
export const BROWSER_API_BASE = '/api';

/**
 * The typed client as the browser uses it. No token: the httpOnly `token` cookie rides along on
 * these same-origin requests, and page scripts never see it.
 */
export function browserApi(siteId: number) {
  return createApiClient({ baseUrl: BROWSER_API_BASE, siteId });
}

export type BrowserApi = ReturnType<typeof browserApi>;
