'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import styles from './connection-status.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const RECOVERED_SHOWN_MS = 4000;

/**
 * Tells the visitor when the browser loses its connection (docs/requirements/storefront-layout.md), and briefly when it comes
 * back. The status region is always in the page, empty while online, so that screen readers
 * announce each change.
 */
export function ConnectionStatus() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const [recovered, setRecovered] = useState(false);
  // Each change of connection, seen while rendering (not in an effect): coming back online shows
  // "recovered", going offline hides it.
  const [previousOnline, setPreviousOnline] = useState(online);
  if (online !== previousOnline) {
    setPreviousOnline(online);
    setRecovered(online);
  }

  useEffect(() => {
    if (!recovered) return;
    const timer = window.setTimeout(() => setRecovered(false), RECOVERED_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [recovered]);

  const message = !online
    ? 'Vous êtes hors ligne. Vérifiez votre connexion : certaines fonctions du site sont indisponibles en attendant.'
    : recovered
      ? 'Connexion rétablie.'
      : '';

  return (
    <div
      role="status"
      className={styles.status}
      data-state={!online ? 'offline' : recovered ? 'online' : 'idle'}
    >
      {message}
    </div>
  );
}
