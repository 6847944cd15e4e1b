'use client';

import { createContext, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { useCurrentUrl } from './use-current-url';

interface MobileNavigationState {
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
  /** The drawer's element id, for the buttons' aria-controls. */
  drawerId: string;
  siteId: number;
  currentUrl: string;
}

const MobileNavigationContext = createContext<MobileNavigationState | null>(null);

/** Shares the drawer's state between the mobile bar, the bottom bar and the drawer itself. */
export function MobileNavigationProvider({
  siteId,
  children,
}: {
  siteId: number;
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const currentUrl = useCurrentUrl(siteId);

  // Following a link closes the drawer: state adjusted while rendering, not in an effect
  // (https://react.dev/learn/you-might-not-need-an-effect#adjusting-some-state-when-a-prop-changes).
  const [shownUrl, setShownUrl] = useState(currentUrl);
  if (shownUrl !== currentUrl) {
    setShownUrl(currentUrl);
    setDrawerOpen(false);
  }

  const state = useMemo(
    () => ({ drawerOpen, setDrawerOpen, drawerId, siteId, currentUrl }),
    [drawerOpen, drawerId, siteId, currentUrl],
  );
  return <MobileNavigationContext value={state}>{children}</MobileNavigationContext>;
}

export function useMobileNavigation(): MobileNavigationState {
  const state = useContext(MobileNavigationContext);
  if (!state) throw new Error('useMobileNavigation must be used inside MobileNavigationProvider.');
  return state;
}
