'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { toast, Toaster } from 'sonner';
import { frenchApiMessage } from '../modules/api-messages/api-message-catalogue';
import styles from './toaster.module.css';

/** docs/requirements/storefront-layout.md: toast notifications at the top right, shown for 3000 ms. */
export const TOAST_DURATION_MS = 3000;

/** Space between the header the toasts stay under and the first toast. */
const GAP_BELOW_HEADER_PX = 12;

/** The toasts on screen, with when each was shown. */
const shownAt = new Map<string | number, number>();
/** When the visitor last set off a navigation themselves (a link, the browser's back button). */
let lastNavigationGestureAt = -Infinity;

/** Shows a toast, remembered until it closes so that a navigation can clear it. */
export function showToast(kind: 'error' | 'success', message: string): void {
  const forget = () => shownAt.delete(id);
  // An error toast may carry the API's message: always in French (decision 0084).
  const text = kind === 'error' ? frenchApiMessage(message) : message;
  const id = toast[kind](text, { onAutoClose: forget, onDismiss: forget });
  shownAt.set(id, performance.now());
}

/** A click that opens another page of this tab: a same-origin link, no modifier key. */
function isNavigatingClick(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) {
    return false;
  }
  return link.origin === window.location.origin && link.pathname !== window.location.pathname;
}

/**
 * Toasts say what was just done, on the screen where it was done (decision 0085): when the
 * visitor goes to another page, the toasts shown before they set off are dismissed. A toast shown
 * for the page a save leads to (« Article enregistré », then its page) stays through that
 * navigation, which the visitor did not set off.
 */
function useToastsClearedOnNavigation(): void {
  const pathname = usePathname();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isNavigatingClick(event)) lastNavigationGestureAt = performance.now();
    };
    const onPopState = () => {
      lastNavigationGestureAt = performance.now();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  useEffect(() => {
    for (const [id, at] of shownAt) {
      if (at < lastNavigationGestureAt) {
        shownAt.delete(id);
        toast.dismiss(id);
      }
    }
  }, [pathname]);
}

/**
 * The height of the header at the top of the page that the toasts must not cover (marked
 * `data-toasts-below`, the back office's), followed as it changes; null on a page without one.
 */
function useHeaderHeight(): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('[data-toasts-below]');
    if (!header) return;
    const measure = () => setHeight(header.offsetTop + header.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * sonner's stack, loaded with the first toast (see toaster.tsx); under the page's marked header
 * when it has one, instead of over it.
 */
export function SonnerToaster() {
  useToastsClearedOnNavigation();
  const headerHeight = useHeaderHeight();
  const top = headerHeight === null ? undefined : headerHeight + GAP_BELOW_HEADER_PX;
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      containerAriaLabel="Notifications"
      offset={top === undefined ? undefined : { top }}
      mobileOffset={top === undefined ? undefined : { top }}
      toastOptions={{
        classNames: { toast: styles.toast, error: styles.error, success: styles.success },
      }}
    />
  );
}
