'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '../../ui/toaster';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { isChunkLoadError, isNetworkError } from './chunk-errors';
import { startsNavigation } from './navigation-clicks';
import styles from './navigation-progress.module.css';

/** The bar shows only for navigations slower than this (docs/requirements/storefront-layout.md). */
export const LOADING_THROTTLE_MS = 200;
/** A navigation that neither ends nor fails within this time is no longer followed. */
const LOADING_GIVE_UP_MS = 30_000;
const DONE_FADE_MS = 500;
const FAILED_SHOWN_MS = 3000;

type Phase = 'idle' | 'waiting' | 'running' | 'done' | 'failed';

const FAILURE_MESSAGE =
  "La page n'a pas pu être chargée. Vérifiez votre connexion, puis réessayez.";

/**
 * The loading bar of route navigations: it starts when a link to another page of the site is
 * followed (or the browser goes back or forward), shows only after 200 ms, advances over about
 * 5 s (the CSS transition), fills up when the new page is shown, and turns to an error when the navigation fails
 * because the connection dropped or a script of the new page could not be downloaded.
 */
export function NavigationProgress({ siteId }: { siteId: number }) {
  const currentUrl = useCurrentUrl(siteId);
  const [phase, setPhase] = useState<Phase>('idle');
  const phaseRef = useRef<Phase>('idle');
  const timers = useRef<number[]>([]);

  const go = useCallback((next: Phase, after?: { delay: number; then: Phase }) => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
    const show = (shown: Phase) => {
      phaseRef.current = shown;
      setPhase(shown);
    };
    show(next);
    if (after) {
      timers.current.push(
        window.setTimeout(() => {
          if (phaseRef.current === next) show(after.then);
        }, after.delay),
      );
    }
  }, []);

  const start = useCallback(() => {
    if (phaseRef.current === 'waiting' || phaseRef.current === 'running') return;
    go('waiting', { delay: LOADING_THROTTLE_MS, then: 'running' });
  }, [go]);

  // While running, a navigation that never completes is let go of quietly.
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = window.setTimeout(() => {
      if (phaseRef.current === 'running') go('idle');
    }, LOADING_GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, [phase, go]);

  // The page on screen, to tell a history step to another page from one within this page.
  const shownUrl = useRef(currentUrl);

  // The new page is on screen.
  useEffect(() => {
    shownUrl.current = currentUrl;
    if (phaseRef.current === 'waiting') go('idle');
    else if (phaseRef.current === 'running') go('done', { delay: DONE_FADE_MS, then: 'idle' });
  }, [currentUrl, go]);

  useEffect(() => {
    const fail = () => {
      if (phaseRef.current !== 'waiting' && phaseRef.current !== 'running') return;
      go('failed', { delay: FAILED_SHOWN_MS, then: 'idle' });
      notifyError(FAILURE_MESSAGE);
    };
    // Capture phase: the link's own handler (Next's <Link>) has not run yet.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const navigates = startsNavigation(
        {
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          defaultPrevented: event.defaultPrevented,
          link:
            link instanceof HTMLAnchorElement
              ? {
                  href: link.href,
                  target: link.getAttribute('target'),
                  download: link.hasAttribute('download'),
                }
              : null,
        },
        window.location.href,
      );
      if (navigates) start();
    };
    const onPopState = () => {
      if (!samePath(window.location.pathname, shownUrl.current)) start();
    };
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error ?? event.message)) fail();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason) || isNetworkError(event.reason)) fail();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    window.addEventListener('offline', fail);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('offline', fail);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [start, go]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  return (
    <div
      className={styles.bar}
      data-phase={phase}
      role="progressbar"
      aria-label="Chargement de la page"
      aria-hidden={phase === 'idle' || phase === 'waiting'}
    >
      <div className={styles.fill} />
    </div>
  );
}

function samePath(first: string, second: string): boolean {
  const decode = (path: string) => {
    try {
      return decodeURI(path);
    } catch {
      return path;
    }
  };
  return decode(first) === decode(second);
}
