'use client';

import { usePathname } from 'next/navigation';

/**
 * The visitor's URL inside the site. The proxy serves `/x` from the route `/{siteId}/x`; should a
 * render ever see the internal path, the site segment is dropped so that server and browser agree.
 */
export function useCurrentUrl(siteId: number): string {
  const pathname = usePathname() ?? '/';
  const internalPrefix = `/${siteId}`;
  if (pathname === internalPrefix) return '/';
  if (pathname.startsWith(`${internalPrefix}/`)) return pathname.slice(internalPrefix.length);
  return pathname;
}
