import { consentCookie, consentCookieValue, recordedChoices } from './consent-cookie';

/*
 * A page service's consent (the relay map's tiles, decision 0047), read and given by the page
 * that shows it. The choice lives in tarteaucitron's cookie, like every other; the page hears a
 * change through the events tarteaucitron sends (`<service>_allowed`, `<service>_disallowed`),
 * which the storefront's banner and `allowService` send too.
 */

/** Whether the visitor allowed the service (a refusal and no answer are both « not yet »). */
export function isServiceAllowed(service: string): boolean {
  return recordedChoices(consentCookieValue(document.cookie))[service] === 'true';
}

/** Calls `onChange` whenever the visitor answers about the service, wherever they do it. */
export function subscribeToService(service: string, onChange: () => void): () => void {
  const events = [`${service}_allowed`, `${service}_disallowed`];
  for (const event of events) document.addEventListener(event, onChange);
  return () => {
    for (const event of events) document.removeEventListener(event, onChange);
  };
}

/**
 * Records the visitor's consent to one service, from a button beside what it shows. When
 * tarteaucitron's panel is on the page, the panel answers (its own state, cookie and events stay
 * in step); otherwise the cookie is written as tarteaucitron writes it and the event is sent.
 */
export function allowService(service: string): void {
  const toggle = document.getElementById(`${service}Allowed`);
  const panel = window.tarteaucitron?.userInterface;
  if (toggle && panel) {
    panel.respond(toggle, true);
    return;
  }
  document.cookie = consentCookie(
    consentCookieValue(document.cookie),
    [service],
    'true',
    Date.now(),
    window.location.protocol === 'https:',
  );
  document.dispatchEvent(new Event(`${service}_allowed`));
}
