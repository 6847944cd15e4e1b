'use client';

import { useEffect } from 'react';
import { useAccountStore } from '../../lib/stores/account-store';
import { loadAccount } from './session';

/**
 * The visitor's account state, asked from the browser so that the pages around it stay the same
 * for everyone (and cacheable). 'unknown' until the answer arrives.
 */
export function useAccount(siteId: number) {
  const status = useAccountStore((state) => state.status);
  const user = useAccountStore((state) => state.user);
  useEffect(() => {
    if (status === 'unknown') void loadAccount(siteId);
  }, [siteId, status]);
  return { status, user };
}
