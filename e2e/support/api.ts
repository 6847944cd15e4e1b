import { createApiClient } from '@comptoir/contract/client';
import { API_URL } from './urls';

/** The journeys read expected data through the same typed client the storefront uses. */
export function apiFor(siteId: number) {
  return createApiClient({ baseUrl: API_URL, siteId });
}
