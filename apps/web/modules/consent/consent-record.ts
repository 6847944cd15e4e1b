import type { recordConsent } from '@comptoir/contract/consent';
import { browserApi, route } from '../account/browser-api';
import type { ServiceChoice } from './consent-cookie';

/**
 * The wording of the banner and panel a recorded choice answered (decision 0110): change it when
 * the banner's text or its buttons change, so that the log tells which one a visitor saw.
 */
export const CONSENT_BANNER_VERSION = '2026-11-29';

const recordRoute = route<typeof recordConsent>('POST', '/consent');

/** The answered services of a cookie's choices: allowed true, refused false, waiting left out. */
export function answeredChoices(
  choices: Readonly<Record<string, ServiceChoice>>,
): Record<string, boolean> {
  const answered: Record<string, boolean> = {};
  for (const [service, choice] of Object.entries(choices)) {
    if (choice !== 'wait') answered[service] = choice === 'true';
  }
  return answered;
}

/**
 * Records the visitor's choice in the site's consent log (POST /consent), the proof of consent
 * the site keeps. One fetch, after the choice; a failure never disturbs the visitor.
 */
export function recordConsentChoice(siteId: number, choices: Record<string, boolean>): void {
  if (Object.keys(choices).length === 0) return;
  browserApi(siteId)
    .call(recordRoute, { body: { choices, bannerVersion: CONSENT_BANNER_VERSION } })
    .catch(() => undefined);
}
