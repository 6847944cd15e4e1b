'use client';

import { useEffect } from 'react';
import { TARTEAUCITRON_SETTINGS, type ConsentSetup } from './consent-services';
import { TARTEAUCITRON_SCRIPT } from './tarteaucitron';
import './consent-theme.css';

let loading = false;

/**
 * Starts the cookie banner (spec §2) once per page load. The analytics services go to
 * tarteaucitron as jobs, and tarteaucitron loads each one only after the visitor accepted it;
 * with no service configured it shows no banner, as there is nothing to consent to.
 */
export function CookieConsent({ setup }: { setup: ConsentSetup }) {
  useEffect(() => {
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
  }, [setup]);

  return null;
}
