import { TARTEAUCITRON_SETTINGS, type ConsentSetup } from './consent-services';
import { TARTEAUCITRON_SCRIPT, tarteaucitronServiceScript } from './tarteaucitron';

/*
 * tarteaucitron itself: its panel, its service loaders and its own banner for choices the
 * storefront's banner does not make. Imported only when the visitor's choices need it (a service
 * allowed, the cookie panel asked for): a first visit never downloads it (decision 0035).
 */

let started = false;
let panelWanted = false;

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
export function startTarteaucitron(setup: ConsentSetup, openPanel = false): void {
  if (openPanel) panelWanted = true;
  if (started) {
    if (window.tarteaucitron?.userInterface && panelWanted) {
      panelWanted = false;
      window.tarteaucitron.userInterface.openPanel();
    }
    return;
  }
  started = true;
  window.tarteaucitronForceLanguage = 'fr';
  const core = appendScript(TARTEAUCITRON_SCRIPT);
  const services = setup.jobs.map((job) => appendScript(tarteaucitronServiceScript(job)));
  Promise.all([core, ...services]).then(
    () => {
      const tarteaucitron = window.tarteaucitron;
      if (!tarteaucitron) return;
      tarteaucitron.init({ ...TARTEAUCITRON_SETTINGS });
      Object.assign(tarteaucitron.user, setup.user);
      tarteaucitron.job = tarteaucitron.job ?? [];
      for (const job of setup.jobs) tarteaucitron.job.push(job);
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
