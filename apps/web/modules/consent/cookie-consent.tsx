'use client';

import { useEffect } from 'react';
import { TARTEAUCITRON_SETTINGS, type ConsentSetup } from './consent-services';
import { TARTEAUCITRON_SCRIPT } from './tarteaucitron';
import './consent-theme.css';

let loading = false;

const PANEL_HASH = '#tarteaucitron';

/** Runs `start` once the page has painted and the browser is idle, so the banner never delays it. */
function afterFirstPaint(start: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window)
      idle = window.requestIdleCallback(start, { timeout: 2000 });
    else timer = setTimeout(start, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

function loadTarteaucitron(setup: ConsentSetup): void {
  if (loading) return;
  loading = true;
  window.tarteaucitronForceLanguage = 'fr';
  const script = document.createElement('script');
  script.src = TARTEAUCITRON_SCRIPT;
  script.async = true;
  script.onload = () => {
    const tarteaucitron = window.tarteaucitron;
    if (!tarteaucitron) return;
    tarteaucitron.init({ ...TARTEAUCITRON_SETTINGS });
    Object.assign(tarteaucitron.user, setup.user);
    tarteaucitron.job = tarteaucitron.job ?? [];
    for (const job of setup.jobs) tarteaucitron.job.push(job);
  };
  script.onerror = () => {
    loading = false;
  };
  document.head.append(script);
}

/**
 * Starts the cookie banner (spec §2) once per page load. The analytics services go to
 * tarteaucitron as jobs, and tarteaucitron loads each one only after the visitor accepted it.
 * With a service configured, its script loads right after the first paint and the banner shows;
 * with none there is nothing to consent to and no banner, so the script waits until the visitor
 * asks for the cookie choices (the footer's « Gestion des cookies », #tarteaucitron), which
 * tarteaucitron then opens.
 */
export function CookieConsent({ setup }: { setup: ConsentSetup }) {
  useEffect(() => {
    if (loading) return;
    const start = () => loadTarteaucitron(setup);
    if (setup.jobs.length > 0) return afterFirstPaint(start);
    if (window.location.hash === PANEL_HASH) {
      start();
      return;
    }
    const onHashChange = () => {
      if (window.location.hash === PANEL_HASH) start();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [setup]);

  return null;
}
