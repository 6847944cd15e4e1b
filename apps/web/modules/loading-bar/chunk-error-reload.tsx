'use client';

import { useEffect } from 'react';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  shouldReloadAfterChunkError,
} from './chunk-errors';

function lastReloadAt(): number | null {
  try {
    const stored = sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    return stored === null ? null : Number(stored);
  } catch {
    return null;
  }
}

/**
 * Reloads the page when one of its scripts cannot be downloaded (usually a new version was
 * deployed since the page was opened), at most once per 60 seconds (docs/requirements/storefront-layout.md), so that a file
 * that is really missing does not make the page reload forever.
 */
export function ChunkErrorReload() {
  useEffect(() => {
    const reloadOnce = (error: unknown) => {
      if (!isChunkLoadError(error)) return;
      const now = Date.now();
      if (!shouldReloadAfterChunkError(lastReloadAt(), now)) return;
      try {
        sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
      } catch {
        // Without sessionStorage the limit cannot be kept: better not to reload at all.
        return;
      }
      window.location.reload();
    };
    const onError = (event: ErrorEvent) => reloadOnce(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => reloadOnce(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  return null;
}
