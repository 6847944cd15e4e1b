'use client';

import { useAccount } from './use-account';

export { BROWSER_API_BASE } from './browser-api';

/** Whether the visitor is signed in on this site; null until the API has answered. */
export function useLoggedIn(siteId: number): boolean | null {
  const { status } = useAccount(siteId);
  if (status === 'member') return true;
  if (status === 'anonymous') return false;
  return null;
}
