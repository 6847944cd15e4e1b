import { consentCookieValue, recordedChoices } from './consent-cookie';
import { answeredChoices, recordConsentChoice } from './consent-record';
import { TARTEAUCITRON_SETTINGS, type ConsentSetup } from './consent-services';
import { TARTEAUCITRON_SCRIPT, tarteaucitronServiceScript } from './tarteaucitron';

/*
 * tarteaucitron itself: its panel, its service loaders and its own banner for choices the
 * storefront's banner does not make. Imported only when the visitor's choices need it (a service
 * allowed, the cookie panel asked for): a first visit never downloads it (decision 0035).
 */

/**
 * The page services as the panel shows them: tarteaucitron's `openstreetmap` describes an iframe
 * embed (with Google's cookie names); the storefront draws the relay map itself, from
 * tile.openstreetmap.org, which sets no cookie. Its start and fallback do nothing: the map reads
 * the choice from the cookie and hears `openstreetmap_allowed` (decision 0047).
 */
const PAGE_SERVICE_OVERRIDES: Readonly<Record<string, Record<string, unknown>>> = {
  openstreetmap: {
    name: 'OpenStreetMap (carte des points relais)',
    uri: 'https://osmfoundation.org/wiki/Privacy_Policy',
    cookies: [],
    js: () => undefined,
    fallback: () => undefined,
  },
};

let started = false;
let panelWanted = false;
/** tarteaucitron answers each service of « Tout accepter » in turn: one record for them all. */
const CHOICE_SETTLE_MS = 400;

/** The banner's « Tout accepter » / « Tout refuser » for every service, in the consent log. */
export function recordBannerChoice(
  siteId: number,
  services: readonly string[],
  status: 'true' | 'false',
): void {
  recordConsentChoice(
    siteId,
    Object.fromEntries(services.map((service) => [service, status === 'true'])),
  );
}

/** Records the cookie's choices once the visitor's answers in tarteaucitron's panel settle. */
let listening = false;
function listenToChoices(siteId: number): void {
  if (listening) return;
  listening = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  document.addEventListener('tac.consent_updated', () => {
    clearTimeout(timer);
    timer = setTimeout(
      () =>
        recordConsentChoice(
          siteId,
          answeredChoices(recordedChoices(consentCookieValue(document.cookie))),
        ),
      CHOICE_SETTLE_MS,
    );
  });
}

function appendScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    // Downloaded in parallel, run in order: the core before the services it defines.
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${src} did not load`));
    };
    document.head.append(script);
  });
}

/**
 * Loads tarteaucitron with the site's services, once per page load. It reads the visitor's
 * choices from its cookie, starts the allowed services, shows its banner if a service is still
 * unanswered, and opens its panel when `openPanel` is asked (now or while it loads).
 */
export function startTarteaucitron(setup: ConsentSetup, openPanel = false, siteId?: number): void {
  if (openPanel) panelWanted = true;
  if (started) {
    if (window.tarteaucitron?.userInterface && panelWanted) {
      panelWanted = false;
      window.tarteaucitron.userInterface.openPanel();
    }
    return;
  }
  started = true;
  if (siteId !== undefined) listenToChoices(siteId);
  window.tarteaucitronForceLanguage = 'fr';
  const core = appendScript(TARTEAUCITRON_SCRIPT);
  const jobs = [...setup.jobs, ...setup.pageServices];
  const services = jobs.map((job) => appendScript(tarteaucitronServiceScript(job)));
  Promise.all([core, ...services]).then(
    () => {
      const tarteaucitron = window.tarteaucitron;
      if (!tarteaucitron) return;
      for (const service of setup.pageServices) {
        const definition = tarteaucitron.services[service];
        if (definition && typeof definition === 'object') {
          Object.assign(definition, PAGE_SERVICE_OVERRIDES[service]);
        }
      }
      tarteaucitron.init({ ...TARTEAUCITRON_SETTINGS });
      Object.assign(tarteaucitron.user, setup.user);
      tarteaucitron.job = tarteaucitron.job ?? [];
      for (const job of jobs) tarteaucitron.job.push(job);
      if (panelWanted) {
        panelWanted = false;
        tarteaucitron.userInterface?.openPanel();
      }
    },
    () => {
      // Offline: the next request (a click on « Gestion des cookies ») tries again.
      started = false;
    },
  );
}
