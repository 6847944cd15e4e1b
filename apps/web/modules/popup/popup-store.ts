'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  readClosedPopups,
  recordOpened,
  rememberClosed,
  type ClosedPopups,
  type PopupDisplayRules,
} from '@comptoir/domain/popup-memory';

/** The localStorage key of the popups' closing times (docs/requirements/banner-and-popups.md). */
export const POPUP_STORAGE_KEY = 'comptoir-popups';

interface PopupState {
  /** When each popup was closed, kept in local storage. */
  closed: ClosedPopups;
  /** Popups opened during this visit, kept in memory only: a reload starts a new visit. */
  openedIds: number[];
  markOpened: (id: number) => void;
  markClosed: (popup: PopupDisplayRules, now: number) => void;
}

export const usePopupStore = create<PopupState>()(
  persist(
    (set) => ({
      closed: {},
      openedIds: [],
      markOpened: (id) => set((state) => ({ openedIds: recordOpened(state.openedIds, id) })),
      markClosed: (popup, now) =>
        set((state) => ({ closed: rememberClosed(state.closed, popup, now) })),
    }),
    {
      name: POPUP_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ closed: state.closed }),
      // Storage can hold anything (an older format, a hand edit): keep only valid entries.
      merge: (stored, current) => ({
        ...current,
        closed: readClosedPopups((stored as { closed?: unknown } | undefined)?.closed),
      }),
    },
  ),
);
