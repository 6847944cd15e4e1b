'use client';

import { useEffect } from 'react';
import { logSiteVisit } from '@comptoir/contract/site-visit';
import { browserApi } from '../account/browser-api';
import { landingVisit } from './visit-source';

let handled = false;

/**
 * On load, a `?from=` source is logged once (GET /site/visit/:from) and the address bar shows the
 * same URL without its query string (spec §2), so that a shared or bookmarked link does not count
 * the visit again.
 */
export function VisitTracking({ siteId }: { siteId: number }) {
  useEffect(() => {
    if (handled) return;
    handled = true;
    const visit = landingVisit(window.location.href);
    if (!visit) return;
    // Next's router follows history.replaceState, keeping its state in step with the new URL.
    window.history.replaceState(null, '', visit.cleanUrl);
    if (visit.source === null) return;
    // A visit that cannot be logged must not disturb the visitor.
    browserApi(siteId)
      .call(logSiteVisit, { params: { from: visit.source } })
      .catch(() => undefined);
  }, [siteId]);

  return null;
}
