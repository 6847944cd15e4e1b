'use client';

import { ApiError } from '@comptoir/contract/request';
import { useAccountStore } from '../../lib/stores/account-store';
import { browserApi } from './browser-api';

let pendingLoad: Promise<void> | null = null;

/**
 * Asks the API who the visitor is, once per page load however many components want to know,
 * through first-load routes only (every page asks). /logged first: most visitors are anonymous, and it answers them without a 401.
 */
export function loadAccount(siteId: number): Promise<void> {
  if (pendingLoad) return pendingLoad;
  const store = useAccountStore.getState();
  pendingLoad = (async () => {
    const api = browserApi(siteId);
    try {
      if (!(await api.getLogged())) {
        store.setAnonymous();
        return;
      }
      store.setMember(await api.getUser());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        store.setAnonymous();
      } else {
        store.setUnavailable();
        // Let the next component that needs the answer ask again.
        pendingLoad = null;
      }
    }
  })();
  return pendingLoad;
}

/**
 * The session moved on (a 401 from an account call: expired, or revoked by a password change
 * elsewhere): the visitor is anonymous, and the account pages send them to the login page.
 */
export function sessionEnded(): void {
  useAccountStore.getState().setAnonymous();
}
