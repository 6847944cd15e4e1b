'use client';

import { useEffect, useId, useState } from 'react';
import { IntentLink } from '../../ui/intent-link';
import {
  consentAction,
  consentCookie,
  consentCookieValue,
  recordedChoices,
} from './consent-cookie';
import type { ConsentSetup } from './consent-services';
import styles from './cookie-consent.module.css';
import './consent-theme.css';

const PANEL_HASH = '#tarteaucitron';
/** tarteaucitron's `privacyUrl` (consent-services.ts), shown in the banner as it would. */
const PRIVACY_URL = '/privacy-policy';

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

/** tarteaucitron (panel, service loaders) is fetched only when the visitor's choices need it. */
function startTarteaucitron(siteId: number, setup: ConsentSetup, openPanel = false): void {
  void import('./tarteaucitron-loader').then((module) =>
    module.startTarteaucitron(setup, openPanel, siteId),
  );
}

/**
 * The cookie banner (docs/requirements/consent-and-analytics.md): at the bottom, with accept-all and deny-all buttons, in French,
 * shown once the page has painted while a configured analytics service is unanswered. It records
 * the choice in tarteaucitron's own cookie; tarteaucitron loads only when a service is allowed
 * (it then starts it, now and on every later page) or when the visitor asks for the cookie
 * choices (« Personnaliser », or the footer's « Gestion des cookies », #tarteaucitron), and takes
 * over from there. A site without a service shows no banner (decision 0035). A shop's page
 * services (the relay map) follow the banner's answer but never show it by themselves (0047).
 */
export function CookieConsent({ siteId, setup }: { siteId: number; setup: ConsentSetup }) {
  const [asking, setAsking] = useState(false);
  const textId = useId();

  useEffect(() => {
    const onHashChange = () => {
      if (window.location.hash !== PANEL_HASH) return;
      setAsking(false);
      startTarteaucitron(siteId, setup, true);
    };
    window.addEventListener('hashchange', onHashChange);
    let cancel = () => {};
    if (window.location.hash === PANEL_HASH) {
      startTarteaucitron(siteId, setup, true);
    } else if (setup.jobs.length > 0) {
      const choices = recordedChoices(consentCookieValue(document.cookie));
      const action = consentAction(setup.jobs, choices);
      if (action === 'run') cancel = afterFirstPaint(() => startTarteaucitron(siteId, setup));
      if (action === 'ask') cancel = afterFirstPaint(() => setAsking(true));
    }
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      cancel();
    };
  }, [siteId, setup]);

  if (!asking) return null;

  const choose = (status: 'true' | 'false') => {
    const services = [...setup.jobs, ...setup.pageServices];
    document.cookie = consentCookie(
      consentCookieValue(document.cookie),
      services,
      status,
      Date.now(),
      window.location.protocol === 'https:',
    );
    // A page service on screen (the relay map) hears it as it would hear tarteaucitron.
    for (const service of services) {
      document.dispatchEvent(
        new Event(`${service}_${status === 'true' ? 'allowed' : 'disallowed'}`),
      );
    }
    setAsking(false);
    // The proof of the choice (decision 0110) comes with the loader's small module; tarteaucitron
    // itself loads only when a service is allowed.
    void import('./tarteaucitron-loader').then((module) => {
      module.recordBannerChoice(siteId, services, status);
      if (status === 'true') module.startTarteaucitron(setup, false, siteId);
    });
  };

  return (
    <section className={styles.banner} aria-label="Cookies" data-surface="dark">
      <p id={textId} className={styles.text}>
        Ce site utilise des cookies et vous donne le contrôle sur ceux que vous souhaitez activer
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.choice}
          aria-describedby={textId}
          onClick={() => choose('true')}
        >
          Tout accepter
        </button>
        <button
          type="button"
          className={styles.choice}
          aria-describedby={textId}
          onClick={() => choose('false')}
        >
          Tout refuser
        </button>
        <button
          type="button"
          className={styles.personalize}
          aria-describedby={textId}
          onClick={() => {
            setAsking(false);
            startTarteaucitron(siteId, setup, true);
          }}
        >
          Personnaliser<span className="visually-hidden"> (fenêtre modale)</span>
        </button>
        <IntentLink href={PRIVACY_URL} className={styles.privacy}>
          Politique de confidentialité
        </IntentLink>
      </div>
    </section>
  );
}
