'use client';

import { safeNextPath } from './account-paths';

/**
 * The page to return to after login, from the `next` parameter. Read from window.location when
 * needed rather than with useSearchParams, so that the login page is prerendered whole.
 */
export function returnPath(): string {
  return safeNextPath(new URLSearchParams(window.location.search).get('next'));
}
