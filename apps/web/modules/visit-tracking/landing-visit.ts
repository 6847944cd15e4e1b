import { logSiteVisit } from '@comptoir/contract/site-visit';
import { browserApi } from '../account/browser-api';
import { landingVisit } from './visit-source';

/**
 * Logs the landing's `?from=` source once and shows the URL without its query string (docs/requirements/consent-and-analytics.md).
 * Loaded only when the landing URL has a `from`, as it brings the contract's schemas.
 */
export function handleLandingVisit(siteId: number): void {
  const visit = landingVisit(window.location.href);
  if (!visit) return;
  // Next's router follows history.replaceState, keeping its state in step with the new URL.
  window.history.replaceState(null, '', visit.cleanUrl);
  if (visit.source === null) return;
  // A visit that cannot be logged must not disturb the visitor.
  browserApi(siteId)
    .call(logSiteVisit, { params: { from: visit.source } })
    .catch(() => undefined);
}
