import type { ServerResponse } from 'node:http';
import { ApiError, createApiClient } from '@comptoir/contract/client';
import { isAdminRole } from '../modules/admin-panel/admin-roles';

/** The session token the API set (the httpOnly `token` cookie), read from a Cookie header. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  const match = /(?:^|;\s*)token=([^;\s]+)/.exec(cookieHeader ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Who holds the session on this site, as the back office's layout asks it (GET /user): one of
 * its administrators, a member who is not ('forbidden'), or 'unknown' (no valid session, or an
 * API that did not answer in time: the layout decides then, as it always does).
 */
export async function adminAccessOf(options: {
  apiUrl: string;
  siteId: number;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<'admin' | 'forbidden' | 'unknown'> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const client = createApiClient({
    baseUrl: options.apiUrl,
    siteId: options.siteId,
    token: options.token,
    fetch: (input, init) =>
      (options.fetch ?? fetch)(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  try {
    return isAdminRole((await client.getUser()).role) ? 'admin' : 'forbidden';
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      console.warn(`[storefront] back-office access check failed: ${(error as Error).message}`);
    }
    return 'unknown';
  }
}

/**
 * The response goes out with `status` where Next writes 200 (a redirect or an error keeps its
 * own). Next sends a back-office page's status before its layout has run (the page is a shell
 * prepared once and resumed per request), so the status the layout's decision deserves is set
 * here, by the server that asked the same question first (decision 0080).
 */
export function replaceSuccessStatus(response: ServerResponse, status: number): void {
  const writeHead = response.writeHead.bind(response) as (code: number, ...rest: unknown[]) => void;
  // Node writes the status line through writeHead, called by Next or implied by the first write.
  response.writeHead = ((code: number, ...rest: unknown[]) => {
    writeHead(code === 200 ? status : code, ...rest);
    return response;
  }) as ServerResponse['writeHead'];
}
