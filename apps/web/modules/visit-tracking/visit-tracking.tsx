'use client';

import { useEffect } from 'react';

let handled = false;

/**
 * On load, a `?from=` source is logged once (GET /site/visit/:from) and the address bar shows the
 * same URL without its query string (docs/requirements/consent-and-analytics.md), so that a shared or bookmarked link does not count
 * the visit again. The work (and the schemas it needs) loads only on such a landing.
 */
export function VisitTracking({ siteId }: { siteId: number }) {
  useEffect(() => {
    if (handled) return;
    handled = true;
    if (!new URLSearchParams(window.location.search).has('from')) return;
    void import('./landing-visit').then(({ handleLandingVisit }) => handleLandingVisit(siteId));
  }, [siteId]);

  return null;
}
