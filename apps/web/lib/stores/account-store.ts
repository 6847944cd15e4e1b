'use client';

import { create } from 'zustand';
import type { User } from '@comptoir/contract/user';

/**
 * - unknown: not asked yet (first render, on the server and in the browser alike);
 * - anonymous / member: the API answered;
 * - unavailable: the API could not be asked (offline): pages say so instead of redirecting.
 */
export type AccountStatus = 'unknown' | 'anonymous' | 'member' | 'unavailable';

interface AccountState {
  status: AccountStatus;
  /** The logged-in user, null unless status is 'member'. Kept in memory only, never stored. */
  user: User | null;
  /**
   * The visitor ended the session here (logout, account deleted): the account pages let them go
   * where the action sends them instead of asking them to log in again.
   */
  leftOnPurpose: boolean;
  setMember: (user: User) => void;
  setAnonymous: (options?: { leftOnPurpose?: boolean }) => void;
  setUnavailable: () => void;
}

/**
 * Who the visitor is, shared by the account link, the account pages and the admin panel. The
 * session itself is the httpOnly `token` cookie, which page scripts never see: this store only
 * mirrors what the API answered.
 */
export const useAccountStore = create<AccountState>()((set) => ({
  status: 'unknown',
  user: null,
  leftOnPurpose: false,
  setMember: (user) => set({ status: 'member', user, leftOnPurpose: false }),
  setAnonymous: (options) =>
    set({ status: 'anonymous', user: null, leftOnPurpose: options?.leftOnPurpose ?? false }),
  setUnavailable: () => set({ status: 'unavailable', user: null, leftOnPurpose: false }),
}));
