'use client';

import { useEffect, useSyncExternalStore } from 'react';
import type { Popup } from '@comptoir/contract/popup';
import { shouldOpenPopup } from '@comptoir/domain/popup-memory';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { useModalStore } from '../modal/modal-store';
import { usePopupStore } from './popup-store';
import styles from './popup.module.css';

export interface PagePopup {
  /** The page that opens the popup. */
  url: string;
  /** The popup, its HTML already sanitized. */
  popup: Popup;
}

/**
 * Opens the popup of the page being shown, in the modal container, unless it was already opened
 * in this visit or the visitor closed it recently (@comptoir/domain/popup-memory). Runs in the
 * browser only: the page itself stays the same for every visitor.
 */
export function PopupLauncher({ siteId, popups }: { siteId: number; popups: PagePopup[] }) {
  const currentUrl = useCurrentUrl(siteId);
  const openModal = useModalStore((state) => state.openModal);
  // The closings are read from local storage, which exists in the browser only.
  const hydrated = useSyncExternalStore(
    (onChange) => usePopupStore.persist.onFinishHydration(onChange),
    () => usePopupStore.persist.hasHydrated(),
    () => false,
  );

  useEffect(() => {
    if (!hydrated) return;
    const entry = popups.find((candidate) => candidate.url === currentUrl);
    if (!entry) return;
    const { popup } = entry;
    const { closed, openedIds, markOpened, markClosed } = usePopupStore.getState();
    if (!shouldOpenPopup(popup, { closed, openedIds }, Date.now())) return;
    markOpened(popup.id);
    openModal({
      key: `popup-${popup.id}`,
      title: popup.title,
      content: (
        <div
          className={styles.content}
          dangerouslySetInnerHTML={{ __html: popup.html }}
          // Following one of its links leaves the page: that answers the popup as well as closing it.
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) {
              markClosed(popup, Date.now());
            }
          }}
        />
      ),
      onClose: () => markClosed(popup, Date.now()),
    });
  }, [hydrated, currentUrl, popups, openModal]);

  return null;
}
