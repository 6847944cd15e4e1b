'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
 * Tells the visitor when the browser loses its connection (spec §4), and briefly when it comes
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
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setRecovered(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setRecovered(true);
    const timer = window.setTimeout(() => setRecovered(false), RECOVERED_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

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
